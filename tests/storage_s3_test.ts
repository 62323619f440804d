/** The storage tests (tests/_storage_suite.ts) against s3rver on loopback (npm; lenient: see the moto run for the strict checks). */
import { startS3 } from "./_s3.ts";
import { storageSuite } from "./_storage_suite.ts";

await storageSuite(import.meta.url, { name: "s3rver", start: () => startS3(), checksCredentials: true, strict: false });
