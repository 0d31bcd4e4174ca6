import { ensurePymodbus } from './sunspec-device-server.js';

/** The devices the tests talk to are served by Debian's pymodbus: installed once per run. */
export default function setup(): void {
  ensurePymodbus();
}
