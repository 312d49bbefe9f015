import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/lib/api-client';
import { folderOptions } from './media-api';
import { describeUploadFailure, isImageFile, sendingProgress, uploadFailureOf } from './upload-progress';

describe('upload progress', () => {
  it('scales the bytes sent between 40 and 70', () => {
    expect(sendingProgress(0, 1000)).toBe(40);
    expect(sendingProgress(500, 1000)).toBe(55);
    expect(sendingProgress(1000, 1000)).toBe(70);
    expect(sendingProgress(2000, 1000)).toBe(70);
    expect(sendingProgress(10, 0)).toBe(40);
  });

  it('accepts only files the browser calls images', () => {
    expect(isImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBe(true);
    expect(isImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(false);
    expect(isImageFile(new File(['x'], 'a.png', { type: '' }))).toBe(false);
  });
});

describe('upload failures (spec section 8, decision 29)', () => {
  it("says 'Invalid file' / 'Please select an image file.' for a file that is no image", () => {
    expect(describeUploadFailure('invalid_file', 'anything')).toEqual({
      title: 'Invalid file',
      message: 'Please select an image file.',
    });
  });

  it("prefixes the server's text with 'Upload failed: '", () => {
    expect(uploadFailureOf(new ApiError(413, 'payload_too_large', 'This file is larger than 20 MB.'))).toEqual({
      title: 'File too large',
      message: 'Upload failed: This file is larger than 20 MB.',
    });
    expect(
      uploadFailureOf(
        new ApiError(500, 'storage_permission_denied', 'Permission denied. Please check database permissions.'),
      ).message,
    ).toBe('Upload failed: Permission denied. Please check database permissions.');
  });

  it('falls back to the default text without a useful server message', () => {
    const fallback = { title: 'Error', message: 'Failed to upload image. Please try again.' };
    expect(uploadFailureOf(new ApiError(0, 'network_error', 'Failed to upload image. Please try again.'))).toEqual(
      fallback,
    );
    expect(uploadFailureOf(new ApiError(500, 'internal_error', 'Something broke'))).toEqual(fallback);
    expect(uploadFailureOf(new Error('boom'))).toEqual(fallback);
  });
});

describe('folder options', () => {
  it('lists folders in tree order, labelled with their path', () => {
    const folder = (id: string, name: string, parent_id: string | null = null) => ({
      id,
      name,
      parent_id,
      image_count: 0,
      created_at: '2025-01-01T00:00:00Z',
    });
    const options = folderOptions([
      folder('b', 'Reefs'),
      folder('a', 'Caverns'),
      folder('c', 'Lines', 'a'),
      folder('d', 'Angelita', 'a'),
    ]);
    expect(options.map((option) => [option.label, option.depth])).toEqual([
      ['Caverns', 0],
      ['Caverns / Angelita', 1],
      ['Caverns / Lines', 1],
      ['Reefs', 0],
    ]);
  });
});
