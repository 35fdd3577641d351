/**
 * The identity of spec section 4, without zod so the viewer's entry bundle can import it: after login the client
 * sends the token type, the session token and the user id in these headers.
 */
/** "Login type is istaging" (section 3): the token type header sent after login. */
export const TOKEN_TYPE = 'istaging';
export const IDENTITY_HEADERS = { tokenType: 'x-token-type', token: 'x-session-token', userId: 'x-user-id' } as const;
