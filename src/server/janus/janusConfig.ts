import fs from 'node:fs';
import path from 'node:path';

/** Where a Debian (or source) install keeps Janus's modules, found from the binary's prefix. */
export interface JanusFolders {
  plugins: string;
  transports: string;
  loggers: string;
}

export interface JanusSettings {
  folders: JanusFolders;
  /** The WebSocket API's port on 127.0.0.1 (never another interface: only this server talks to Janus). */
  wsPort: number;
  /** Every Janus API request must carry it. */
  apiSecret: string;
  /** Only holders may create VideoRoom rooms. */
  adminKey: string;
  /** "min-max" UDP ports for media, or undefined for Janus's own choice. */
  rtpPortRange?: string;
  /** Janus's log level (0-7): 3 = warnings and errors. */
  debugLevel?: number;
}

const PLUGIN = 'libjanus_videoroom.so';
const TRANSPORT = 'libjanus_websockets.so';

/**
 * The three files of a private Janus: the core (only the VideoRoom plugin and the WebSocket transport loaded, everything
 * else listed as disabled, since Janus has no "load only" switch), the WebSocket transport on loopback, and a VideoRoom
 * with no rooms (the server creates one per meeting). Janus 1.1.2 never offers loopback candidates, so media flows over
 * the machine's own interface addresses: nothing here restricts ICE (see ../shared/design/testing.md).
 */
export function janusConfigFiles(s: JanusSettings): Record<string, string> {
  const others = (folder: string, keep: string) => listModules(folder).filter((file) => file !== keep).join(',');
  const media = s.rtpPortRange ? `\trtp_port_range = "${s.rtpPortRange}"\n` : '';
  return {
    'janus.jcfg': `general: {
\tconfigs_folder = "."
\tplugins_folder = "${s.folders.plugins}"
\ttransports_folder = "${s.folders.transports}"
\tloggers_folder = "${s.folders.loggers}"
\tdebug_level = ${s.debugLevel ?? 3}
\tdebug_timestamps = true
\tapi_secret = "${s.apiSecret}"
\tadmin_secret = "${s.apiSecret}-admin"
\tsession_timeout = 60
\tserver_name = "atrium-meetings"
}
media: {
${media}}
nat: {
\tignore_mdns = true
}
plugins: {
\tdisable = "${others(s.folders.plugins, PLUGIN)}"
}
transports: {
\tdisable = "${others(s.folders.transports, TRANSPORT)}"
}
loggers: {
\tdisable = "${others(s.folders.loggers, '')}"
}
events: {
\tbroadcast = false
}
`,
    'janus.transport.websockets.jcfg': `general: {
\tjson = "compact"
\tws = true
\tws_port = ${s.wsPort}
\tws_ip = "127.0.0.1"
\twss = false
}
admin: {
\tadmin_ws = false
\tadmin_wss = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
\tadmin_key = "${s.adminKey}"
}
`,
  };
}

function listModules(folder: string): string[] {
  try {
    return fs.readdirSync(folder).filter((file) => /\.so$/.test(file));
  } catch {
    return [];
  }
}

/**
 * Janus's module folders for a binary: <prefix>/lib/<multiarch>/janus (Debian) or <prefix>/lib/janus (a source build).
 * Null when the VideoRoom plugin or the WebSocket transport is not there.
 */
export function findJanusFolders(binary: string): JanusFolders | null {
  const prefix = path.resolve(path.dirname(binary), '..');
  const libs = [path.join(prefix, 'lib')];
  try {
    for (const entry of fs.readdirSync(path.join(prefix, 'lib'))) if (entry.includes('-linux-')) libs.unshift(path.join(prefix, 'lib', entry));
  } catch {
    return null;
  }
  for (const lib of libs) {
    const plugins = path.join(lib, 'janus', 'plugins');
    const transports = path.join(lib, 'janus', 'transports');
    const loggers = path.join(lib, 'janus', 'loggers');
    if (fs.existsSync(path.join(plugins, PLUGIN)) && fs.existsSync(path.join(transports, TRANSPORT))) return { plugins, transports, loggers };
  }
  return null;
}

/** The binary on PATH (or an absolute path given), or null. */
export function whichBinary(name: string, envPath = process.env.PATH ?? ''): string | null {
  if (name.includes('/')) return fs.existsSync(name) ? path.resolve(name) : null;
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}
