import { afterAll } from 'vitest';
import { runFileTeardowns } from './file-teardown.js';

afterAll(runFileTeardowns);
