// `npm run fake:ordering`: the fake wholesale ordering platform for local trials. Prints the variables to start Atrium
// with and the address that signs a retailer in and sends the frame back to a tour.
import { FAKE_ACCOUNT, FAKE_RETAILER, startOrderingPlatform } from './index.ts';

const port = Number(process.env.FAKE_ORDERING_PORT ?? 4700);
const atrium = (process.env.ATRIUM_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const tour = process.env.TOUR_ID ?? '<buildingId>';

const fake = await startOrderingPlatform({ productionPort: port, stagingPort: port + 1, tokenTtlSeconds: Number(process.env.FAKE_ORDERING_TOKEN_TTL ?? 300) });
const env = Object.entries(fake.atriumEnv()).map(([k, v]) => `${k}=${v}`).join(' ');
const page = `${atrium}/${tour}?service=production&account=${FAKE_ACCOUNT}&retailer=${FAKE_RETAILER}`;
process.stdout.write([
  `Fake ordering platform: production ${fake.production.apiUrl}, staging ${fake.staging.apiUrl}`,
  '',
  'Start Atrium pointed at it:',
  `  ${env} npm start`,
  '',
  'Then open (as a retailer arriving from the platform; the fake signs in at once and sends the page back with a code):',
  `  ${fake.production.authorizeUrl(page)}`,
  '',
  'Tag markers need the platform\'s ids (studio, Markers tab): products P-100 P-200 P-300 P-400, collections COL-SS27 COL-AW27 COL-RESORT.',
  `Look inside: ${fake.production.apiUrl}/__fake/orders`,
  '',
].join('\n'));

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
