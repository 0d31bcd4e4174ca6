import { describe, expect, it } from 'vitest';
import { uploadAvatar } from '../users/endpoints.js';
import { uploadCompanyIcon, uploadCompanyLogo } from '../companies/endpoints.js';
import { uploadPlantPicture } from '../plants/endpoints.js';
import { avatarUpload, pictureUpload, uploadExtensions, uploadProblem } from './upload.js';

const MB = 1024 * 1024;

describe('upload rules (spec section 5)', () => {
  it('puts pictures at 3 MB and the avatar at 6 MB, JPG, JPEG or PNG in field `file`', () => {
    for (const endpoint of [uploadCompanyLogo, uploadCompanyIcon, uploadPlantPicture]) {
      expect(endpoint.upload).toBe(pictureUpload);
    }
    expect(uploadAvatar.upload).toBe(avatarUpload);
    expect(pictureUpload.maxBytes).toBe(3 * MB);
    expect(avatarUpload.maxBytes).toBe(6 * MB);
    expect(avatarUpload.field).toBe('file');
    expect(uploadExtensions(avatarUpload)).toEqual(['jpg', 'jpeg', 'png']);
  });

  it('accepts JPG, JPEG and PNG up to the limit, whatever the case of the extension', () => {
    expect(
      uploadProblem(pictureUpload, { name: 'a.jpg', type: 'image/jpeg', size: 3 * MB }),
    ).toBeNull();
    expect(
      uploadProblem(pictureUpload, { name: 'a.JPEG', type: 'image/jpeg', size: 1 }),
    ).toBeNull();
    expect(uploadProblem(pictureUpload, { name: 'a.png', type: 'image/png', size: 1 })).toBeNull();
    expect(
      uploadProblem(avatarUpload, { name: 'a.png', type: 'image/png', size: 6 * MB }),
    ).toBeNull();
  });

  it('refuses other types, names that disagree with the type, and larger files', () => {
    const problem = (name: string, type: string, size = 1) =>
      uploadProblem(pictureUpload, { name, type, size });
    expect(problem('a.gif', 'image/gif')).toBe('type');
    expect(problem('a.png', 'image/jpeg')).toBe('type');
    expect(problem('png', 'image/png')).toBe('type');
    expect(problem('a.png', '')).toBe('type');
    expect(problem('a.png', 'image/png', 3 * MB + 1)).toBe('size');
    expect(
      uploadProblem(avatarUpload, { name: 'a.png', type: 'image/png', size: 6 * MB + 1 }),
    ).toBe('size');
  });
});
