import { readText, writeText } from '../../shared/storage/storage';

export function seenVersion(): string | null {
  return readText('version');
}

export function markVersionSeen(version: string): void {
  writeText('version', version);
}
