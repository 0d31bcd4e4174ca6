import { describe, expect, it } from 'vitest';
import { firmwareFileProblem } from './FirmwareUploadDialog';

describe('firmware file rules in the browser', () => {
  it('checks name, extension and the 15 MB limit before sending', () => {
    expect(firmwareFileProblem({ name: 'app.bin', size: 10 })).toBeNull();
    expect(firmwareFileProblem({ name: 'a b.bin', size: 10 })).toBe('fileNameCharacters');
    expect(firmwareFileProblem({ name: `${'a'.repeat(37)}.bin`, size: 10 })).toBe('fileNameLength');
    expect(firmwareFileProblem({ name: 'app.zip', size: 10 })).toBe('fileType');
    expect(firmwareFileProblem({ name: 'app.hex', size: 15 * 1024 * 1024 + 1 })).toBe('fileSize');
  });
});
