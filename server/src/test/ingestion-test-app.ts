import { IngestionService } from '../ingestion/ingestion-service.js';
import { buildTestApp, type TestApp } from './test-app.js';

export interface IngestionTestApp extends TestApp {
  service: IngestionService;
}

/** The file's test app (with `env` over the test defaults) with an ingestion service on its deps. */
export async function buildIngestionTestApp(
  env: Record<string, string> = {},
): Promise<IngestionTestApp> {
  const testApp = await buildTestApp(env);
  return { ...testApp, service: new IngestionService(testApp.deps) };
}
