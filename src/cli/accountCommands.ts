import { parseConfig } from '../server/config.ts';
import { openRuntime } from '../server/runtime.ts';
import { createRepositories } from '../server/db/repositories.ts';
import { Invitations } from '../server/modules/auth/invitations.ts';
import { AuthService } from '../server/modules/auth/auth.service.ts';
import { SignupBodySchema } from '../protocol/accounts.ts';
import { parseArgs } from './args.ts';

/** `atrium invite`: prints a single-use sign-up link (for SIGNUP=invite), valid for 14 days. */
export async function inviteCommand(): Promise<number> {
  const config = parseConfig();
  const runtime = await openRuntime(config);
  try {
    const { url, expiresAt } = await new Invitations(runtime.database.db).create(null, config.publicUrl);
    process.stdout.write(`${url}\n(single use, valid until ${expiresAt})\n`);
    return 0;
  } finally {
    await runtime.close();
  }
}

/**
 * `atrium user create --email E --password P --first F --last L`: makes an account whatever SIGNUP says (with
 * SIGNUP=closed this is the only way). The same rules as the sign-up form apply.
 */
export async function userCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['email', 'password', 'first', 'last']);
  if (args.positional[0] !== 'create') {
    process.stderr.write('atrium user: use `atrium user create --email E --password P --first F --last L`\n');
    return 1;
  }
  const parsed = SignupBodySchema.safeParse({
    email: args.flags.get('email'), password: args.flags.get('password'), firstName: args.flags.get('first'), lastName: args.flags.get('last'), agreeTerms: true,
  });
  if (!parsed.success) {
    process.stderr.write(`atrium user create: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n`);
    return 1;
  }
  const config = parseConfig();
  const runtime = await openRuntime(config);
  try {
    const answer = await new AuthService(createRepositories(runtime.database.db)).signup(parsed.data);
    process.stdout.write(`Created ${parsed.data.email} (user id ${answer.objectId}).\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`atrium user create: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await runtime.close();
  }
}
