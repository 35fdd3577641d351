import type { ErrorBody } from './errors.ts';
import type { Tour } from './tour.ts';

/** The openLink answer the server puts in the page of a deep link (<script id="atrium-bootstrap">). */
export type OpenLinkBootstrap =
  | { id: string; status: 200; body: Tour }
  | { id: string; status: number; body: Pick<ErrorBody, 'code' | 'message' | 'details'> };

export const BOOTSTRAP_ELEMENT_ID = 'atrium-bootstrap';
