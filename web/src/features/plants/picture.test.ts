import { describe, expect, it } from 'vitest';
import { pictureProblem } from './picture';

const MB = 1024 * 1024;

describe('plant picture check', () => {
  it('accepts JPG, JPEG and PNG up to 3 MB', () => {
    expect(pictureProblem({ name: 'a.jpg', type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(pictureProblem({ name: 'a.JPEG', type: 'image/jpeg', size: 1 })).toBeNull();
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: 1 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(pictureProblem({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe('pictureType');
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: 3 * MB + 1 })).toBe(
      'pictureSize',
    );
  });
});
