// Each command's module is imported only when that command runs: `atrium tile` need not load the
// database drivers, the server and its routes (that was 1.2 s of every start; see ARCHITECTURE.md).

const USAGE = `Usage: atrium <command>

Commands:
  serve                                   start the server (same as npm start, without the client build)
  import <image|folder> [--name N] [--owner USER] [--json]
                                          create a tour from one panorama or a folder (with tour.json)
  tile <image> --out <dir> [--json]       write one panorama's full tile set to a folder
  media migrate --to s3|local [--json]    copy DATA_DIR/media into object storage (S3_URL) or back; resumable,
                                          each object verified; the server keeps running (see README)
  invite                                  print a single-use sign-up link (SIGNUP=invite)
  user create --email E --password P --first F --last L
                                          create an account (the only way with SIGNUP=closed)
  help                                    show this text

Environment: DATA_DIR (default ./data), DATABASE_URL, PORT, PUBLIC_URL, S3_URL (see README).`;

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      await import('../server/main.ts');
      return new Promise<number>(() => {}); // runs until a signal stops it
    case 'import':
      return (await import('./importCommand.ts')).importCommand(rest);
    case 'tile':
      return (await import('./tileCommand.ts')).tileCommand(rest);
    case 'media':
      return (await import('./mediaCommand.ts')).mediaCommand(rest);
    case 'invite':
      return (await import('./accountCommands.ts')).inviteCommand();
    case 'user':
      return (await import('./accountCommands.ts')).userCommand(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}\n`);
      return 1;
  }
}
