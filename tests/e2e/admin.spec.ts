import { promoteToAdmin, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/** The admin remote. */

test.describe('users and roles', () => {
  /**
   * docs/security.md › admin: the user table is searched and paged on the server, and every role change lands in
   * the audit log shown below it, naming who changed whose role, from what to what.
   */
  test('an admin finds a user by name, changes the role, and reads it in the audit log', async ({
    browser,
  }) => {
    const adminContext = await browser.newContext();
    const admin = await register(adminContext.request, 'client', 'Ada');
    const stamp = `${Date.now() % 1_000_000}`;
    const targetContext = await browser.newContext();
    await register(targetContext.request, 'client', `Zed${stamp}`);
    promoteToAdmin(admin.email);

    const page = await adminContext.newPage();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`zed${stamp} tester`);
    const table = page.getByRole('table', { name: /^Users/ });
    await expect(table.getByRole('rowheader')).toHaveText([`Zed${stamp} Tester`]);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

    await table.getByRole('button', { name: new RegExp(`Role of Zed${stamp} Tester`) }).click();
    await page.getByRole('option', { name: 'Vendor' }).click();
    await page
      .getByRole('alertdialog', { name: 'Change role?' })
      .getByRole('button', { name: 'Change Role' })
      .click();
    await expect(page.getByText(`Zed${stamp} Tester is now Vendor.`)).toBeVisible();

    const audit = page.getByRole('region', { name: 'Role changes' });
    const entry = audit.getByRole('row').filter({ hasText: `Zed${stamp} Tester` });
    await expect(entry).toContainText('Ada Tester');
    await expect(entry).toContainText('Client');
    await expect(entry).toContainText('Vendor');
    // The promotion that made this admin is there too, made by the command.
    await expect(
      audit.getByRole('row').filter({ hasText: admin.email }).filter({ hasText: 'admin:promote command' }),
    ).toBeVisible();
    await adminContext.close();
    await targetContext.close();
  });
});
