/** A small flag parser: `--name value`, `--flag`; everything else is positional. */
export function parseArgs(argv: string[], valued: readonly string[]): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags.set(name, inline);
    else if (valued.includes(name)) {
      const v = argv[++i];
      if (v === undefined) throw new Error(`--${name} needs a value`);
      flags.set(name, v);
    } else flags.set(name, true);
  }
  return { positional, flags };
}
