import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/** Journeys that span the remotes: work from award to review, and posting and bidding with the keyboard alone. */

test.describe('from award to review', () => {
  async function bid(request: APIRequestContext, projectId: string, amount: number): Promise<string> {
    const res = await request.post(`/api/projects/${projectId}/bids`, {
      data: { amount, timeline: 20, proposal: 'Crew of three, materials included, twenty days.' },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** Opens the bell and answers the panel's text. */
  async function bellText(page: Page, unread: number | RegExp): Promise<string> {
    const bell = page.getByRole('button', {
      name: typeof unread === 'number' ? `Notifications, ${unread} unread` : unread,
    });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: /Notifications/ });
    await expect(panel).toBeVisible();
    return (await panel.textContent()) ?? '';
  }

  /**
   * Decision 0183 › the work after the award has screens: the owner starts the work, sends it for review and
   * marks it completed, each asked first; then reviews the contractor once. The contractor is told of each
   * step, sees the phase on My Bids and the review on their profile.
   */
  test('an owner takes awarded work through to completion and reviews the contractor', async ({
    browser,
  }) => {
    const ownerContext = await browser.newContext();
    const contractorContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Olive');
    await register(contractorContext.request, 'contractor', 'Carl');
    const id = await postProject(ownerContext.request, 'Rebuild the sea wall');
    const bidId = await bid(contractorContext.request, id, 21000);
    const accepted = await ownerContext.request.patch(`/api/bids/${bidId}/status`, {
      data: { status: 'accepted' },
    });
    expect(accepted.status()).toBeLessThan(300);

    const owner = await ownerContext.newPage();
    await owner.goto(`/projects/${id}`);
    const progress = owner.getByRole('region', { name: 'Project Progress' });
    const steps = [
      ['Start Work', 'Start the work?', 'In Progress'],
      ['Send for Review', 'Send the work for review?', 'Under Review'],
      ['Mark Completed', 'Mark the project completed?', 'Completed'],
    ] as const;
    for (const [label, question, phase] of steps) {
      await progress.getByRole('button', { name: label }).click();
      const confirm = owner.getByRole('alertdialog', { name: question });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: label }).click();
      await expect(owner.getByText(`Project moved to ${phase}`)).toBeVisible();
      await expect(progress.getByRole('button', { name: label })).toHaveCount(0);
    }

    // The review: a rating is required, then it is given once and shown.
    await progress.getByRole('button', { name: 'Review contractor' }).click();
    const review = owner.getByRole('dialog', { name: 'Review contractor' });
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(review.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
    // Keyboard: into the rating group, then the arrow keys choose.
    await review.getByRole('radio', { name: '1 star' }).focus();
    for (let i = 0; i < 3; i++) await owner.keyboard.press('ArrowRight');
    await expect(review.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await review.getByLabel('Comment').fill('Solid wall, finished before the storm season.');
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(review).toBeHidden();
    await expect(progress.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(progress.getByRole('button', { name: 'Review contractor' })).toHaveCount(0);
    await owner.reload();
    await expect(progress.getByText('Solid wall, finished before the storm season.')).toBeVisible();
    await expect(progress.getByRole('button', { name: 'Review contractor' })).toHaveCount(0);

    // The contractor: told of each step (and of the award), the phase on My Bids, the review on the profile.
    const contractor = await contractorContext.newPage();
    await contractor.goto('/my-bids');
    // The award, each step and the review (a badge may come too).
    const told = await bellText(contractor, /^Notifications, \d+ unread$/);
    for (const title of ['Work started', 'Sent for review', 'Project completed'])
      expect(told).toContain(title);
    await contractor.keyboard.press('Escape');
    await contractor.getByRole('tab', { name: /Accepted/ }).click();
    const card = contractor.getByRole('article').filter({ hasText: 'Rebuild the sea wall' });
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    await contractor.goto('/profile');
    const reviews = contractor.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('Solid wall, finished before the storm season.')).toBeVisible();
    await expect(reviews.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(reviews.getByText(/Olive Tester · Rebuild the sea wall/)).toBeVisible();

    await ownerContext.close();
    await contractorContext.close();
  });

  /** Decision 0183 › bidders are told when a project that they bid on is deleted. */
  test('deleting a project tells its bidders', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const contractorContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Olive');
    await register(contractorContext.request, 'contractor', 'Dina');
    const id = await postProject(ownerContext.request, 'Paint the chapel');
    await bid(contractorContext.request, id, 4000);

    const owner = await ownerContext.newPage();
    await owner.goto(`/projects/${id}`);
    await owner.getByRole('button', { name: 'Delete Project' }).click();
    await owner
      .getByRole('alertdialog', { name: 'Delete Project?' })
      .getByRole('button', { name: 'Delete Project' })
      .click();
    await expect(owner.getByText('Project deleted successfully')).toBeVisible();

    const contractor = await contractorContext.newPage();
    await contractor.goto('/my-bids');
    const told = await bellText(contractor, 1);
    expect(told).toContain('Project deleted');
    expect(told).toContain('“Paint the chapel”, which you bid on, was deleted by its owner.');
    await ownerContext.close();
    await contractorContext.close();
  });
});

test.describe('the keyboard alone', () => {
  /**
   * Posting a project and bidding, once, with the keyboard alone: every field is reached with
   * Tab, radios and lists with the arrow keys, choices with Space and Enter, the file picker opened with
   * Enter. No click and no fill() touches the page; focus is checked before every key, so a control that
   * Tab cannot reach fails the journey.
   */
  const isFocused = (target: Locator) =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

  /** Presses Tab (forwards) until `target` holds the focus; fails when it never does. */
  async function tabTo(page: Page, target: Locator, what: string, max = 80): Promise<void> {
    for (let i = 0; i < max; i++) {
      if ((await target.count()) > 0 && (await isFocused(target.first()))) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${what}`);
  }

  /** Presses `key` (an arrow) until `target` holds the focus: moving inside a radio group or a list. */
  async function arrowTo(page: Page, target: Locator, key: string, what: string, max = 20): Promise<void> {
    for (let i = 0; i < max; i++) {
      if (await isFocused(target)) return;
      await page.keyboard.press(key);
    }
    throw new Error(`${key} never reached ${what}`);
  }

  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);

  test('a client posts a project and a contractor bids on it, with the keyboard alone', async ({
    browser,
  }) => {
    const title = `Keyboard deck ${Date.now()}`;
    const clientContext = await browser.newContext();
    await register(clientContext.request, 'client', 'Kira');
    const page = await clientContext.newPage();
    await page.goto('/post-project');
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();

    await tabTo(page, page.getByLabel('Project Title'), 'Project Title');
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Description')).toBeFocused();
    await page.keyboard.type('Build a hardwood deck behind the house, with stairs down to the garden.');

    // The category (decision 0182): Enter opens the list, the arrows move, Enter chooses.
    const category = page.getByRole('button', { name: /Category/ });
    await tabTo(page, category, 'Category');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await arrowTo(page, page.getByRole('option', { name: 'Exterior', exact: true }), 'ArrowDown', 'Exterior');
    await page.keyboard.press('Enter');
    await expect(category).toContainText('Exterior');

    // The stage: one tab stop for the group, the arrows choose.
    await tabTo(page, page.getByRole('radiogroup', { name: 'Where is the project now?' }), 'the stage');
    await arrowTo(page, page.getByRole('radio', { name: 'Permit Approved' }), 'ArrowDown', 'Permit Approved');
    await expect(page.getByRole('radio', { name: 'Permit Approved' })).toBeChecked();

    await tabTo(page, page.getByRole('checkbox', { name: 'Labor & Materials' }), 'Labor & Materials');
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Labor & Materials' })).toBeChecked();
    await tabTo(page, page.getByRole('checkbox', { name: 'Site & Demolition' }), 'Site & Demolition');
    await page.keyboard.press('Space');
    await expect(page.locator('.services-summary')).toContainText('Services to be posted (4)');

    // The island: Enter opens the list, the arrows move, Enter chooses.
    const island = page.getByRole('button', { name: /Island$/ });
    await tabTo(page, island, 'Island');
    await page.keyboard.press('Enter');
    const option = page.getByRole('option', { name: 'New Providence', exact: true });
    await expect(page.getByRole('listbox')).toBeVisible();
    await arrowTo(page, option, 'ArrowDown', 'New Providence');
    await page.keyboard.press('Enter');
    await expect(island).toContainText('New Providence');
    await expect(island).toBeFocused();

    await tabTo(page, page.getByRole('combobox', { name: 'City / Town' }), 'City / Town');
    await page.keyboard.type('Cable Beach');

    // The file picker opens with Enter; the operating system's dialog is where the file is chosen.
    const pick = page.getByRole('button', { name: 'Choose Files' });
    await tabTo(page, pick, 'the file picker');
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([{ name: 'deck-plan.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await expect(page.getByRole('list', { name: 'Files to upload' })).toContainText('deck-plan.pdf');

    await tabTo(page, page.getByRole('button', { name: 'Post Project' }), 'Post Project');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('deck-plan.pdf')).toBeVisible();
    await expect(page.getByText(/Cable Beach/).first()).toBeVisible();
    const projectUrl = page.url();

    // A contractor finds it in the list and bids, again without the mouse.
    const contractorContext = await browser.newContext();
    await register(contractorContext.request, 'contractor', 'Kofi');
    const contractor = await contractorContext.newPage();
    // Every country: a new contractor's list starts at their own country.
    await contractor.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
    const card = contractor.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await tabTo(contractor, card.getByRole('link', { name: title }), 'the project link');
    await contractor.keyboard.press('Enter');
    await expect(contractor.getByRole('heading', { name: title })).toBeVisible();
    expect(contractor.url()).toBe(projectUrl);

    await tabTo(contractor, contractor.getByRole('button', { name: 'Submit Bid' }), 'Submit Bid');
    await contractor.keyboard.press('Enter');
    const dialog = contractor.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Submit Bid' })).toBeVisible();
    // The dialog takes the focus: the first field is a Tab or two away, never behind the page.
    await tabTo(contractor, dialog.getByLabel('Bid Amount (USD)'), 'Bid Amount', 10);
    await contractor.keyboard.type('12400');
    await tabTo(contractor, dialog.getByLabel('Timeline (days)'), 'Timeline', 10);
    await contractor.keyboard.type('14');
    await tabTo(contractor, dialog.getByLabel('Proposal'), 'Proposal', 10);
    await contractor.keyboard.type('Ipe decking on treated joists, stairs and railing included.');
    await tabTo(
      contractor,
      dialog.getByRole('button', { name: 'Submit Bid' }),
      'the dialog’s Submit Bid',
      10,
    );
    await contractor.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(contractor.getByText('Your Bid', { exact: true })).toBeVisible();

    // The owner sees the bid that came in.
    await page.reload();
    const received = page.getByRole('region', { name: /Received Bids/ });
    await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeVisible();
    await expect(
      received.getByText('Ipe decking on treated joists, stairs and railing included.'),
    ).toBeVisible();

    await clientContext.close();
    await contractorContext.close();
  });
});

test.describe('messages', () => {
  /**
   * Messages arrive live: a contractor writes to the owner from the project's card in Browse (projects
   * remote, the shell's dialog), the owner has the same conversation open from Received Bids (bids
   * remote) and sees it come in without a reload, and the answer reaches the contractor the same way.
   */
  test('an owner and a contractor message each other live, in two browsers', async ({ browser }) => {
    const title = `Paint the chapel ${Date.now()}`;
    const ownerContext = await browser.newContext();
    const contractorContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Olive');
    const projectId = await postProject(ownerContext.request, title);
    await register(contractorContext.request, 'contractor', 'Carl');
    const bid = await contractorContext.request.post(`/api/projects/${projectId}/bids`, {
      data: { amount: 9000, timeline: 10, proposal: 'Two coats, weatherproof, ten days.' },
    });
    expect(bid.status()).toBe(201);

    const owner = await ownerContext.newPage();
    await owner.goto(`/projects/${projectId}`);
    const received = owner.getByRole('region', { name: /Received Bids/ });
    await received.getByRole('button', { name: 'Message Carl Tester' }).click();
    const ownerChat = owner.getByRole('dialog', { name: `Message Carl Tester · ${title}` });
    await expect(ownerChat.getByText('No messages yet')).toBeVisible();

    const contractor = await contractorContext.newPage();
    await contractor.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
    await contractor.getByRole('button', { name: `Message the owner of ${title}` }).click();
    const contractorChat = contractor.getByRole('dialog', {
      name: new RegExp(`^Message Olive Tester · ${title}`),
    });
    await contractorChat.getByLabel('Message', { exact: true }).fill('Is the chapel open on Saturdays?');
    await contractorChat.getByRole('button', { name: 'Send' }).click();
    await expect(contractorChat.getByText('Is the chapel open on Saturdays?')).toBeVisible();

    // Live: the owner's open dialog shows it without a reload.
    await expect(ownerChat.getByText('Is the chapel open on Saturdays?')).toBeVisible();
    await ownerChat.getByLabel('Message', { exact: true }).fill('Yes, from eight until noon.');
    await ownerChat.getByRole('button', { name: 'Send' }).click();
    await expect(contractorChat.getByText('Yes, from eight until noon.')).toBeVisible();

    await ownerContext.close();
    await contractorContext.close();
  });
});
