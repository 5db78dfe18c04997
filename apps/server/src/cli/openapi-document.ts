import fs from 'node:fs';
import { openApiDocument } from '../app/openapi-document.js';

/** `…/openapi-document.js [file]`: the OpenAPI document written to the file, or to standard output. */
const document = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
const [file] = process.argv.slice(2);
if (file) fs.writeFileSync(file, document);
else process.stdout.write(document);
