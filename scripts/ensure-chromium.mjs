// Browser tests need a Chromium. When none is found this installs one: Debian's package where apt-get is
// available (as root), otherwise Playwright's own build. It says what it does.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => fs.existsSync(p));
if (found) {
  process.exit(0);
}
const hasApt = fs.existsSync('/usr/bin/apt-get');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (hasApt) {
  const sudo = isRoot ? '' : 'sudo ';
  console.log(`[ensure-chromium] No Chromium found: installing Debian's chromium with ${sudo}apt-get…`);
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
} else {
  console.log("[ensure-chromium] No Chromium found and no apt-get: installing Playwright's Chromium…");
  execSync('npx playwright install chromium', { stdio: 'inherit' });
}
