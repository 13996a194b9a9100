import { describe, expect, it } from 'vitest';
import {
  checkProjectFiles,
  checkUploadedFile,
  isAllowedFileType,
  MAX_FILE_SIZE_BYTES,
} from '#domain/project/files.ts';
import { TooLargeError, ValidationError } from '#domain/shared/errors.ts';
import { aFile, files } from '../../fakes/mothers.ts';

describe('file rules', () => {
  it.each([
    ['image/png', 'a.png', true],
    ['image/jpeg', 'a.JPG', true],
    ['image/webp', 'a.webp', true],
    ['application/pdf', 'a.pdf', true],
    ['application/pdf; charset=binary', 'a.pdf', true],
    ['application/msword', 'a.doc', true],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx', true],
    ['application/pdf', 'a.exe', false],
    ['image/png', 'a.html', false],
    ['text/html', 'a.html', false],
    ['application/zip', 'a.docx', false],
    ['application/pdf', 'noextension', false],
  ])('%s named %s allowed: %s', (mime, name, allowed) => {
    expect(isAllowedFileType(mime, name)).toBe(allowed);
  });

  it('allows exactly 80 MB and refuses one byte more with 413', () => {
    expect(() => checkUploadedFile(aFile({ size: MAX_FILE_SIZE_BYTES }))).not.toThrow();
    expect(() =>
      checkUploadedFile(aFile({ originalName: 'big.pdf', size: MAX_FILE_SIZE_BYTES + 1 })),
    ).toThrow(new TooLargeError('FILE_TOO_LARGE', 'big.pdf exceeds 80MB limit', 'files'));
  });

  it('counts kept plus new files against 5, with the edit message naming the current count', () => {
    expect(() => checkProjectFiles(files(5), 0, false)).not.toThrow();
    expect(() => checkProjectFiles(files(2), 3, true)).not.toThrow();
    expect(() => checkProjectFiles(files(1), 5, true)).toThrow(
      new ValidationError('TOO_MANY_FILES', 'Maximum 5 files allowed. You currently have 5 files.', 'files'),
    );
    expect(() => checkProjectFiles(files(6), 0, false)).toThrow('Maximum 5 files allowed');
  });
});
