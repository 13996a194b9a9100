import { describe, expect, it, vi } from 'vitest';
import { projectLink, shareProject } from './share.ts';

const PROJECT = { id: 'p1', title: 'Kitchen renovation' };
const ORIGIN = 'https://buildbid.example';
const LINK = 'https://buildbid.example/projects/p1';

function clipboard(fails = false) {
  return {
    writeText: vi.fn(async () => {
      if (fails) throw new DOMException('Document is not focused', 'NotAllowedError');
    }),
  };
}

describe("the project card's Share (decision 0196)", () => {
  it("shares the project's link with the Web Share API where the browser has it", async () => {
    const share = vi.fn(async () => {});
    const toast = vi.fn();
    const copy = clipboard();
    expect(await shareProject(PROJECT, toast, { share, clipboard: copy, origin: ORIGIN })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Kitchen renovation', url: LINK });
    expect(copy.writeText).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('says nothing when the person closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    const toast = vi.fn();
    const copy = clipboard();
    expect(await shareProject(PROJECT, toast, { share, clipboard: copy, origin: ORIGIN })).toBe('cancelled');
    expect(copy.writeText).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('copies the link to the clipboard with a toast where there is no Web Share, or it refuses', async () => {
    const toast = vi.fn();
    const copy = clipboard();
    expect(await shareProject(PROJECT, toast, { clipboard: copy, origin: ORIGIN })).toBe('copied');
    expect(copy.writeText).toHaveBeenCalledWith(LINK);
    expect(toast).toHaveBeenCalledWith({
      title: 'Link copied',
      description: 'The link to Kitchen renovation is on your clipboard.',
    });
    const refusing = vi.fn(async () => {
      throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
    });
    expect(await shareProject(PROJECT, toast, { share: refusing, clipboard: copy, origin: ORIGIN })).toBe(
      'copied',
    );
  });

  it('shows the link to copy by hand when the clipboard refuses too', async () => {
    const toast = vi.fn();
    expect(await shareProject(PROJECT, toast, { clipboard: clipboard(true), origin: ORIGIN })).toBe('failed');
    expect(toast).toHaveBeenCalledWith({
      title: "Couldn't copy the link",
      description: `Copy it from here: ${LINK}`,
      variant: 'destructive',
    });
  });

  it('builds an absolute link, with the id escaped', () => {
    expect(projectLink('a b', ORIGIN)).toBe('https://buildbid.example/projects/a%20b');
  });
});
