import {
  createFirmware,
  type Endpoint,
  publishDownloadFile,
  type UploadRule,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyOf } from '../test/access-cases.js';
import { CONTRACT_ENDPOINTS } from '../test/contract-endpoints.js';
import { buildTestApp } from '../test/test-app.js';

interface FormSchema {
  type: string;
  properties: Record<string, { type?: string; format?: string; maxLength?: number }>;
  required: string[];
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: FormSchema }> } }>
  >;
}

const UPLOAD_ENDPOINTS = CONTRACT_ENDPOINTS.filter(
  (endpoint): endpoint is Endpoint & { upload: UploadRule } => endpoint.upload !== undefined,
);

let document: OpenApiDocument;

beforeAll(async () => {
  const { app } = await buildTestApp();
  document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
});

function formOf(endpoint: Endpoint): FormSchema | undefined {
  const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
  return operation?.requestBody?.content['multipart/form-data']?.schema;
}

it('finds the upload endpoints: pictures, imports, firmware, published files', () => {
  expect(UPLOAD_ENDPOINTS.map(keyOf)).toEqual(
    expect.arrayContaining([
      'POST /api/v1/firmware',
      'POST /api/v1/gateways/import',
      'POST /api/v1/download-center',
      'POST /api/v1/plant/:id/thumbnail',
    ]),
  );
});

describe.each(UPLOAD_ENDPOINTS.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
  '%s on /api/docs/json',
  (_key, endpoint) => {
    it('describes its body as a multipart form with the file and every other field', () => {
      const form = formOf(endpoint);
      const { field, maxBytes, fields } = endpoint.upload;
      expect(form?.type).toBe('object');
      expect(form?.properties[field]).toMatchObject({
        type: 'string',
        format: 'binary',
        maxLength: maxBytes,
      });
      expect(form?.required).toContain(field);
      expect(Object.keys(form?.properties ?? {}).sort()).toEqual(
        [field, ...Object.keys(fields?.shape ?? {})].sort(),
      );
    });
  },
);

it('names the firmware fields of section 3, required ones as required', () => {
  const form = formOf(createFirmware);
  expect(form?.properties).toMatchObject({
    firmId: { type: 'string' },
    version: { type: 'string' },
    equipType: { type: 'integer' },
  });
  expect(form?.required).toEqual(expect.arrayContaining(['firmId', 'brand', 'product', 'epn']));
  expect(form?.required).not.toContain('notes');
});

it("names a published file's title, category and language", () => {
  expect(formOf(publishDownloadFile)?.required).toEqual(
    expect.arrayContaining(['file', 'title', 'category', 'language']),
  );
});
