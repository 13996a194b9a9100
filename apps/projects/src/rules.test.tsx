// @vitest-environment jsdom

import { nextCursorOf } from '@buildbid/api-client';
import { describe, expect, it } from 'vitest';
import {
  serviceLabel,
  servicePhasesFor,
  servicesAfterNeeds,
  togglePhase,
  toProjectData,
} from './post-payload.ts';
import {
  addFiles,
  addTag,
  readPostQuery,
  refuseDisguisedFiles,
  validatePostForm,
  writePostQuery,
} from './rules.ts';
import { REQUIRED_MESSAGES } from './testing.ts';

const MB = 1024 * 1024;
function file(name: string, size: number, type: string): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('post form validation', () => {
  const valid = {
    title: 'Roof repair',
    description: 'Replace the shingles on a 2,000 sq ft roof.',
    category: 'Residential',
    projectStage: 'permit_approved',
    contractorNeeds: ['labor_only'],
    phases: ['envelope_roofing'],
    country: 'BS',
  };

  it('accepts a complete form', () => {
    expect(validatePostForm(valid)).toEqual([]);
  });

  it("gives the spec's messages in the spec's order, with the category's after the description's", () => {
    const messages = validatePostForm({
      title: 'Roof',
      description: 'Too short',
      category: '',
      projectStage: '',
      contractorNeeds: [],
      phases: [],
      country: '',
    }).map((m) => m.message);
    expect(messages).toEqual(REQUIRED_MESSAGES);
  });

  it('counts trimmed lengths at the boundaries', () => {
    expect(validatePostForm({ ...valid, title: '12345' })).toEqual([]);
    expect(validatePostForm({ ...valid, title: ' 1234 ' })[0]?.field).toBe('title');
    expect(validatePostForm({ ...valid, description: 'x'.repeat(20) })).toEqual([]);
    expect(validatePostForm({ ...valid, description: 'x'.repeat(19) })[0]?.field).toBe('description');
  });
});

describe('tags', () => {
  it('trims, refuses empty and duplicate tags, and keeps at most 5', () => {
    expect(addTag([], '  pool  ')).toEqual(['pool']);
    expect(addTag(['pool'], '   ')).toEqual(['pool']);
    // 'Roof' after 'roof' is the same tag, as the server counts it.
    expect(addTag(['roof'], 'Roof')).toEqual(['roof']);
    expect(addTag(['roof'], ' ROOF ')).toEqual(['roof']);
    expect(addTag(['pool'], 'pool ')).toEqual(['pool']);
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(addTag(five, 'f')).toEqual(five);
    expect(addTag(five.slice(0, 4), 'e')).toEqual(five);
  });
});

describe('files', () => {
  it("skips a file over 80MB with 'File too large'", () => {
    const big = file('plans.pdf', 81 * MB, 'application/pdf');
    const ok = file('photo.jpg', 2 * MB, 'image/jpeg');
    const result = addFiles([], [big, ok]);
    expect(result.files.map((f) => f.name)).toEqual(['photo.jpg']);
    expect(result.notices).toEqual([
      { title: 'File too large', description: 'plans.pdf exceeds 80MB limit' },
    ]);
    expect(addFiles([], [file('exact.pdf', 80 * MB, 'application/pdf')]).files).toHaveLength(1);
  });

  it("refuses a batch past 5 files with 'Too many files'", () => {
    const four = [1, 2, 3, 4].map((i) => file(`p${i}.png`, 10, 'image/png'));
    const result = addFiles(four, [file('a.png', 10, 'image/png'), file('b.png', 10, 'image/png')]);
    expect(result.files).toHaveLength(4);
    expect(result.notices).toEqual([{ title: 'Too many files', description: 'Maximum 5 files allowed' }]);
    expect(addFiles(four, [file('a.png', 10, 'image/png')]).files).toHaveLength(5);
  });

  it('on edit counts the kept files and names how many there are', () => {
    const result = addFiles([file('new.pdf', 10, 'application/pdf')], [file('x.docx', 10, '')], {
      existingCount: 4,
      editing: true,
    });
    expect(result.notices).toEqual([
      { title: 'Too many files', description: 'Maximum 5 files allowed. You currently have 5 files.' },
    ]);
  });

  it('accepts images, PDF, doc and docx only', () => {
    const result = addFiles(
      [],
      [file('a.doc', 10, 'application/msword'), file('b.exe', 10, 'application/x-msdownload')],
    );
    expect(result.files.map((f) => f.name)).toEqual(['a.doc']);
    expect(result.notices[0]?.description).toContain('b.exe');
  });
});

describe('post form query string and payload', () => {
  it('reads and writes stage, phases and needs, keeping other parameters', () => {
    expect(readPostQuery('?stage=shell_complete&phases=site_demo,interiors&needs=labor_only')).toEqual({
      stage: 'shell_complete',
      phases: ['site_demo', 'interiors'],
      needs: ['labor_only'],
    });
    expect(writePostQuery('?x=1', { stage: 'idea_planning', phases: ['a', 'b'], needs: [] })).toBe(
      '?x=1&stage=idea_planning&phases=a,b',
    );
    expect(writePostQuery('?stage=a', { stage: '', phases: [], needs: [] })).toBe('');
  });

  it('adds a phase’s visible services and removes them when unchecked', () => {
    const on = togglePhase({ phases: [], services: [], needs: ['labor_only'] }, 'site_demo', true);
    expect(on).toEqual({ phases: ['site_demo'], services: ['demolition', 'site_work'] });
    const supply = togglePhase({ phases: [], services: [], needs: ['supply_only'] }, 'site_demo', true);
    expect(supply.services).toEqual(['concrete', 'excavation']);
    expect(togglePhase({ ...on, needs: [] }, 'site_demo', false)).toEqual({ phases: [], services: [] });
  });

  it('never loses services silently when needs change: hidden ones are named, and come back when the need is unticked', () => {
    const start = togglePhase({ phases: [], services: [], needs: [] }, 'site_demo', true);
    expect(start.services).toHaveLength(4);
    const supply = servicesAfterNeeds(start, [], ['supply_only']);
    expect(supply.services).toEqual(['concrete', 'excavation']);
    expect(supply.dropped.sort()).toEqual(['demolition', 'site_work']);
    expect(supply.dropped.map(serviceLabel).every((l) => l !== '' && !l.includes('_'))).toBe(true);
    const back = servicesAfterNeeds({ phases: start.phases, services: supply.services }, ['supply_only'], []);
    expect(back.services.sort()).toEqual([...start.services].sort());
    expect(back.restored.sort()).toEqual(['demolition', 'site_work']);
    expect(back.dropped).toEqual([]);
  });

  it('builds projectData with the chosen category and the derived fields', () => {
    const data = toProjectData({
      title: ' Deck ',
      description: 'A new deck of about 300 square feet.',
      category: 'Exterior',
      projectStage: 'idea_planning',
      contractorNeeds: ['estimate_only'],
      phases: ['exterior_landscape'],
      generalContractor: false,
      services: ['decking'],
      country: 'US',
      island: 'Abaco',
      city: ' ',
      location: 'Miami',
      budgetMin: 5000,
      budgetMax: null,
      bidDeadline: '',
      deadline: '2030-01-31',
      tags: ['deck'],
    });
    expect(data).toMatchObject({
      title: 'Deck',
      category: 'Exterior',
      projectType: 'specialty',
      island: null,
      city: null,
      budgetMin: 5000,
      budgetMax: null,
      bidDeadline: null,
      servicePhases: ['outdoor'],
    });
    expect(data.deadline).toBe('2030-01-31');
    expect(servicePhasesFor(['site_demo', 'interiors'])).toEqual(['site_work', 'interior']);
  });

  it('reads the next cursor from a Link header', () => {
    expect(nextCursorOf('</api/projects?limit=20&cursor=abc>; rel="next"')).toBe('abc');
    expect(nextCursorOf(null)).toBeNull();
  });
});

describe('checking chosen files by their first bytes (decision 0183)', () => {
  it('refuses a renamed .exe at selection with the server’s message, and keeps the real files', async () => {
    const pdf = new File(['%PDF-1.7\n...'], 'plans.pdf', { type: 'application/pdf' });
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
      'site.png',
      {
        type: 'image/png',
      },
    );
    const exe = new File(['MZ\x90\x00 this program cannot be run'], 'malware.pdf', {
      type: 'application/pdf',
    });
    const docx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])], 'spec.docx', { type: '' });
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])], 'spec.pdf', {
      type: 'application/pdf',
    });
    const result = await refuseDisguisedFiles([pdf, exe, png, docx, zip]);
    expect(result.files.map((f) => f.name)).toEqual(['plans.pdf', 'site.png', 'spec.docx']);
    expect(result.notices).toEqual([
      {
        title: 'File type not accepted',
        description: 'malware.pdf is not an accepted file type (images, PDF, doc or docx)',
      },
      {
        title: 'File type not accepted',
        description: 'spec.pdf is not an accepted file type (images, PDF, doc or docx)',
      },
    ]);
  });
});
