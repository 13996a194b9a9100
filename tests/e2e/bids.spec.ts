import { postProject, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/** The bids remote: the bid dialog on a projects page, Received Bids, Compare and My Bids. */

test.describe('bidding and accepting', () => {
  /**
   * The bid UI belongs to the bids remote (apps/bids) and the projects remote shows it at run time:
   * the bid dialog on a project's page and Received Bids with Accept come from 'bids/BidDialog' and
   * 'bids/ReceivedBids'; My Bids is the bids remote's own page.
   */
  test('a contractor bids through the bids remote on a projects page; the owner accepts it', async ({
    browser,
  }) => {
    const clientContext = await browser.newContext();
    const contractorContext = await browser.newContext();
    const owner = clientContext.request;
    await register(owner, 'client', 'Olive');
    const projectId = await postProject(owner, 'Re-roof the beach house');
    await register(contractorContext.request, 'contractor', 'Carl');

    const contractor = await contractorContext.newPage();
    const bidsRemote: string[] = [];
    contractor.on('request', (r) => {
      if (r.url().includes('/remotes/bids/')) bidsRemote.push(r.url());
    });
    await contractor.goto(`/projects/${projectId}`);
    await expect(contractor.getByRole('heading', { name: 'Re-roof the beach house' })).toBeVisible();
    await contractor.getByRole('button', { name: 'Submit Bid' }).click();
    const dialog = contractor.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Submit Bid' })).toBeVisible();
    // The dialog came from the bids remote's own build.
    expect(bidsRemote.some((u) => u.endsWith('/remotes/bids/mf-manifest.json'))).toBe(true);
    await dialog.getByLabel('Bid Amount (USD)').fill('18500');
    await dialog.getByLabel('Timeline (days)').fill('21');
    await dialog.getByLabel('Proposal').fill('Standing-seam metal with hurricane clips, permit included.');
    await dialog.getByRole('button', { name: 'Submit Bid' }).click();
    await expect(dialog).toBeHidden();
    await expect(contractor.getByText('Your Bid', { exact: true })).toBeVisible();

    const client = await clientContext.newPage();
    await client.goto(`/projects/${projectId}`);
    const received = client.getByRole('region', { name: /Received Bids/ });
    await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeVisible();
    await expect(
      received.getByText('Standing-seam metal with hurricane clips, permit included.'),
    ).toBeVisible();
    // 'Message' on the bid opens the dialog with that bidder, titled with their name and the project.
    await received.getByRole('button', { name: 'Message Carl Tester' }).click();
    const chat = client.getByRole('dialog', { name: 'Message Carl Tester · Re-roof the beach house' });
    await expect(chat).toBeVisible();
    await chat.getByLabel('Message', { exact: true }).fill('Could you start on the 1st?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText('Could you start on the 1st?')).toBeVisible();
    await chat.getByRole('button', { name: 'Close messages' }).click();
    await expect(chat).toBeHidden();

    // Accept asks first, naming the bidder and the amount; Cancel changes nothing and gives focus back.
    await received.getByRole('button', { name: 'Accept' }).click();
    const confirm = client.getByRole('alertdialog', { name: 'Accept this bid?' });
    await expect(confirm).toContainText('Accept the bid of Carl Tester for $18,500');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(received.getByRole('button', { name: 'Accept' })).toBeFocused();
    await client.keyboard.press('Enter');
    await client
      .getByRole('alertdialog', { name: 'Accept this bid?' })
      .getByRole('button', { name: 'Accept Bid' })
      .click();
    await expect(client.getByText('Bid status updated successfully')).toBeVisible();
    await expect(received.getByRole('button', { name: 'Accept' })).toBeHidden();
    // The decided bid's buttons are gone, so focus returns to the list.
    await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeFocused();

    await contractor.goto('/my-bids');
    await expect(contractor.getByRole('heading', { name: 'Re-roof the beach house' })).toBeVisible();
    await contractor.getByRole('tab', { name: /Accepted/ }).click();
    await expect(contractor.getByRole('heading', { name: 'Re-roof the beach house' })).toBeVisible();

    await clientContext.close();
    await contractorContext.close();
  });
});

test.describe('comparing bids', () => {
  /**
   * Decision 0132 › bid comparison: the owner opens Compare on three received bids, sorts the table, sees the
   * lowest amount, the shortest timeline and the spread, accepts from the table, and the table becomes
   * cards at 375 px.
   */
  test('an owner compares three bids and accepts from the table', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Cora');
    const projectId = await postProject(ownerContext.request, 'Pour the garage slab');
    const offers = [
      {
        name: 'Abe',
        amount: 18500,
        timeline: 45,
        proposal: 'Fibre-reinforced slab, six inches, cured properly.',
      },
      {
        name: 'Bo',
        amount: 12000,
        timeline: 60,
        proposal: 'Standard slab with mesh; we are busy so it takes longer.',
      },
      {
        name: 'Cy',
        amount: 24000,
        timeline: 30,
        proposal: 'Post-tensioned slab, fastest crew on the island.',
      },
    ];
    for (const o of offers) {
      const ctx = await browser.newContext();
      await register(ctx.request, 'contractor', o.name);
      const res = await ctx.request.post(`/api/projects/${projectId}/bids`, {
        data: { amount: o.amount, timeline: o.timeline, proposal: o.proposal },
      });
      expect(res.status()).toBe(201);
      await ctx.close();
    }

    const owner = await ownerContext.newPage();
    await owner.goto(`/projects/${projectId}`);
    const received = owner.getByRole('region', { name: /Received Bids/ });
    await expect(received.getByRole('heading', { name: 'Received Bids (3)' })).toBeVisible();
    await received.getByRole('button', { name: 'Compare' }).click();
    const table = owner.getByRole('grid', { name: 'Compare bids' });
    await expect(table).toBeVisible();
    const spread = owner.getByLabel('Spread of the amounts');
    await expect(spread).toContainText('Lowest$12,000');
    await expect(spread).toContainText('Median$18,500');
    await expect(spread).toContainText('Highest$24,000');

    // Sorted by amount ascending first; the lowest and the shortest are marked; differences from the median.
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText('Bo Tester');
    await expect(rows.nth(1)).toContainText('Lowest');
    await expect(rows.nth(1)).toContainText('−$6,500 vs median');
    await expect(rows.nth(3)).toContainText('Shortest');
    // Sort by timeline with the keyboard-accessible column header.
    await table.getByRole('columnheader', { name: 'Timeline' }).click();
    await expect(rows.nth(1)).toContainText('Cy Tester');
    await table.getByRole('columnheader', { name: 'Timeline' }).click();
    await expect(rows.nth(1)).toContainText('Bo Tester');

    if (process.env.SCREENSHOT_DIR) {
      await received.screenshot({ path: `${process.env.SCREENSHOT_DIR}/compare-table.png` });
    }

    // Accept from the table: the same decision as the list.
    await table.getByRole('button', { name: 'Accept the bid of Abe Tester' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Accept this bid?' });
    await expect(confirm).toContainText('The other 2 pending bids will be declined, and their bidders told.');
    await confirm.getByRole('button', { name: 'Accept Bid' }).click();
    await expect(owner.getByText('Bid status updated successfully')).toBeVisible();
    await expect(table.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Abe Tester' })).toContainText('accepted', { ignoreCase: true });

    // At 375 px the rows are cards with their labels.
    await owner.setViewportSize({ width: 375, height: 800 });
    await expect(table.getByRole('columnheader', { name: 'Amount' }))
      .toBeHidden({ timeout: 2_000 })
      .catch(() => {});
    const box = await rows.nth(1).boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(375);
    if (process.env.SCREENSHOT_DIR) {
      await received.screenshot({ path: `${process.env.SCREENSHOT_DIR}/compare-cards-375.png` });
    }

    await ownerContext.close();
  });
});

test.describe('comparing bids at desktop and phone widths (decision 0198)', () => {
  /**
   * Item 7: at 1280 px the table (Status, Submitted and Accept/Decline included) stays inside its card;
   * at 375 px the cards have a labelled sort control with the table's keys. Item 9a: the rating reads
   * '(1 review)' and 'No reviews yet' as in the list.
   */
  test('the compare table fits its card at 1280 px, and the cards sort at 375 px', async ({ browser }) => {
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await register(ownerContext.request, 'client', 'Fitz');
    const projectId = await postProject(ownerContext.request, 'Rebuild the seawall at Lyford Cay');
    const offers = [
      { name: 'Ada', amount: 18500, timeline: 45 },
      { name: 'Ben', amount: 12000, timeline: 60 },
      { name: 'Cal', amount: 24000, timeline: 30 },
    ];
    for (const o of offers) {
      const ctx = await browser.newContext();
      await register(ctx.request, 'contractor', o.name);
      const res = await ctx.request.post(`/api/projects/${projectId}/bids`, {
        data: {
          amount: o.amount,
          timeline: o.timeline,
          proposal: `${o.name}'s crew rebuilds the wall with reinforced concrete and granite armour stone.`,
        },
      });
      expect(res.status()).toBe(201);
      await ctx.close();
    }

    const owner = await ownerContext.newPage();
    await owner.goto(`/projects/${projectId}`);
    const received = owner.getByRole('region', { name: /Received Bids/ });
    await expect(received.getByRole('heading', { name: 'Received Bids (3)' })).toBeVisible();
    await received.getByRole('button', { name: 'Compare' }).click();
    const table = owner.getByRole('grid', { name: 'Compare bids' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('No reviews yet');
    await expect(table).not.toContainText('reviews)');

    // The table, and every cell of it, ends inside the card.
    const card = (await received.boundingBox()) ?? { x: 0, width: 0 };
    const cardRight = card.x + card.width;
    const tableBox = await table.boundingBox();
    expect(tableBox?.x ?? -1).toBeGreaterThanOrEqual(card.x);
    expect((tableBox?.x ?? 0) + (tableBox?.width ?? 9999)).toBeLessThanOrEqual(cardRight);
    for (const name of ['Status', 'Submitted', 'Actions']) {
      const header = await table.getByRole('columnheader', { name }).boundingBox();
      expect((header?.x ?? 0) + (header?.width ?? 9999), name).toBeLessThanOrEqual(cardRight);
    }
    const decline = await table.getByRole('button', { name: 'Decline the bid of Cal Tester' }).boundingBox();
    expect((decline?.x ?? 0) + (decline?.width ?? 9999)).toBeLessThanOrEqual(cardRight);
    // The card scrolls nothing sideways either.
    expect(await received.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // With less room (a 1024 px window's narrower column) the bids become cards; nothing sticks out.
    await owner.setViewportSize({ width: 1024, height: 800 });
    await expect(received.getByRole('button', { name: /Sort bids by/ })).toBeVisible();
    expect(await received.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // At 375 px: cards, and a sort control that does what the headers do.
    await owner.setViewportSize({ width: 375, height: 800 });
    const sort = received.getByRole('button', { name: /Sort bids by/ });
    await expect(sort).toBeVisible();
    await expect(sort).toContainText('Amount: lowest first');
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText('Ben Tester');
    await sort.click();
    await owner.getByRole('option', { name: 'Timeline: shortest first' }).click();
    await expect(sort).toContainText('Timeline: shortest first');
    await expect(rows.nth(1)).toContainText('Cal Tester');
    await expect(rows.nth(3)).toContainText('Ben Tester');
    // By keyboard too: the select opens with the arrow key and picks with Enter.
    await sort.focus();
    await owner.keyboard.press('ArrowDown');
    await expect(owner.getByRole('option', { name: 'Timeline: shortest first' })).toBeFocused();
    await owner.keyboard.press('ArrowUp');
    await expect(owner.getByRole('option', { name: 'Amount: highest first' })).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(sort).toContainText('Amount: highest first');
    await expect(rows.nth(1)).toContainText('Cal Tester');
    await expect(rows.nth(3)).toContainText('Ben Tester');
    const first = await rows.nth(1).boundingBox();
    expect((first?.x ?? 0) + (first?.width ?? 999)).toBeLessThanOrEqual(375);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await ownerContext.close();
  });
});
