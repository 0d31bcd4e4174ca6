import { avatarUpload, pictureUpload, type UploadRule } from '@solar/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { PictureUpload, uploadForm } from './PictureUpload';

const MB = 1024 * 1024;

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderPicker(rule: UploadRule) {
  const onPick = vi.fn(() => Promise.resolve());
  const { container } = render(
    <AntApp>
      <PictureUpload rule={rule} onPick={onPick} />
    </AntApp>,
  );
  const input = container.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  // userEvent.upload would drop files that do not match `accept`; the check must hold anyway.
  const pick = (file: File) => userEvent.upload(input, file, { applyAccept: false });
  return { onPick, input, pick };
}

describe('<PictureUpload>', () => {
  it("offers the rule's types and states its limit", () => {
    const { input } = renderPicker(avatarUpload);
    expect(input.accept).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
    expect(screen.getByText('JPG, JPEG or PNG, up to 6 MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /choose picture/i })).toBeInTheDocument();
  });

  it('hands a fitting picture to onPick', async () => {
    const { onPick, pick } = renderPicker(pictureUpload);
    const file = fileOf('roof.PNG', 'image/png', 3 * MB);
    await pick(file);
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(file));
  });

  it('refuses another type with a message, sending nothing', async () => {
    const { onPick, pick } = renderPicker(pictureUpload);
    await pick(fileOf('anim.gif', 'image/gif', 10));
    expect(
      await screen.findByText('Only JPG, JPEG or PNG pictures can be uploaded'),
    ).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });

  it("refuses a file over the rule's size with a message, sending nothing", async () => {
    const { onPick, pick } = renderPicker(pictureUpload);
    await pick(fileOf('big.jpg', 'image/jpeg', 3 * MB + 1));
    expect(await screen.findByText('The picture must not exceed 3 MB')).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });

  it("puts the file under the rule's field", () => {
    const file = fileOf('a.png', 'image/png', 1);
    expect(uploadForm({ ...pictureUpload, field: 'picture' }, file).get('picture')).toBe(file);
  });
});
