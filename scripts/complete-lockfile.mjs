// The registry mirror here lacks some platform-specific optional packages (rollup's android builds,
// for one), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock
// as out of sync. This adds each missing optional entry with the os/cpu its name declares, so
// `npm ci` sees a complete lock and skips them on this platform, as it would with a full registry.
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const osNames = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'cygwin'];
const cpuNames = ['arm64', 'arm', 'x64', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32', 'loongarch64'];

function resolvesFrom(parentPath, name) {
  // Node resolution: look in parent's node_modules, then each ancestor's.
  let base = parentPath;
  while (true) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!base) return false;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolvesFrom(path, name)) continue;
    const parts = name.split(/[/-]/);
    const os = osNames.filter((value) => parts.includes(value));
    const cpu = cpuNames.filter((value) => parts.includes(value));
    if (os.length === 0 && cpu.length === 0) {
      console.error(`cannot infer a platform for ${name}; leaving it out`);
      continue;
    }
    const libc =
      parts.includes('musl') || parts.includes('musleabihf')
        ? ['musl']
        : parts.includes('gnu') || parts.includes('gnueabihf')
          ? ['glibc']
          : [];
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    packages[key] = {
      version: String(version).replace(/^[\^~]/, ''),
      ...(cpu.length ? { cpu } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
      ...(libc.length ? { libc } : {}),
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'The lock file is complete.');
