// The tests use programs people use, not only libraries: Chromium for the browser journeys, LibreOffice to open
// the report's spreadsheets, poppler's pdftoppm and zbar's zbarimg to read a receipt's QR code as a phone would,
// and qpdf to check a PDF as a strict viewer would (issue 21), and Prometheus's promtool to evaluate the alert rules. What is missing is installed here, from Debian's
// packages where apt-get is available (as root or through sudo), and it says what it does. Without apt-get, Chromium comes from Playwright and the others must
// be installed by hand: the tests that need them fail with a message naming the program.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function noPath(programa) {
  return (process.env.PATH ?? '').split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, programa)));
}

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean).some((p) => fs.existsSync(p));

/** Debian package → whether what the tests run from it is already here. */
const pacotes = {
  chromium,
  'libreoffice-calc-nogui': noPath('soffice') || noPath('libreoffice'),
  'poppler-utils': noPath('pdftoppm'),
  'zbar-tools': noPath('zbarimg'),
  qpdf: noPath('qpdf'),
  // promtool evaluates the alert rules on recorded series (deploy/alertas.test.ts).
  prometheus: noPath('promtool'),
};
const faltam = Object.entries(pacotes).filter(([, presente]) => !presente).map(([nome]) => nome);
if (faltam.length === 0) process.exit(0);

const hasApt = fs.existsSync('/usr/bin/apt-get');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (hasApt) {
  const sudo = isRoot ? '' : 'sudo ';
  console.log(`[ensure-tools] Installing Debian's ${faltam.join(', ')} with ${sudo}apt-get (the tests use them)…`);
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${faltam.join(' ')}`,
    { stdio: 'inherit' },
  );
} else {
  if (!chromium) {
    console.log("[ensure-tools] No Chromium found and no apt-get: installing Playwright's Chromium…");
    execSync('npx playwright install chromium', { stdio: 'inherit' });
  }
  const outros = faltam.filter((p) => p !== 'chromium');
  if (outros.length) console.log(`[ensure-tools] No apt-get: install ${outros.join(', ')} (or your system's equivalent) for the tests that read files as people do.`);
}
