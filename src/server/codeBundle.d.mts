/** The path of `entry`'s bundle, built first when needed; undefined when it cannot be built here. */
export function bundledFile(name: string, entry: string, cacheDir?: string): Promise<string | undefined>;
/** Imports `entry` from its bundle; undefined when there is none. */
export function importBundled(name: string, entry: string, cacheDir?: string): Promise<unknown>;
