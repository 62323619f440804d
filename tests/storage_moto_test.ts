/**
 * The storage tests (tests/_storage_suite.ts) against moto on loopback, which refuses what S3
 * refuses (issue 37), plus the checks only such a server makes. Skipped, saying so, without moto.
 */
import { motoCommand, startMoto } from "./_moto.ts";
import { needsMoto } from "./_needs.ts";
import { storageSuite } from "./_storage_suite.ts";

if (needsMoto(import.meta.url, motoCommand())) {
  await storageSuite(import.meta.url, { name: "moto", start: () => startMoto(), checksCredentials: false, strict: true });
}
