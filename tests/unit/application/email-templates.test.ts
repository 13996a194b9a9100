import { describe, expect, it } from 'vitest';
import { composeAccountMail, composeMail } from '../../../application/email/templates.ts';

const content = {
  subject: 'New bid on\r\nyour <project>',
  paragraphs: ['Marcus bid $1,200 on "Porch & steps".'],
  action: { label: 'Open the project', url: 'https://buildbid.example/projects/1?a=1&b=2' },
};

describe('mail templates', () => {
  it('a notification mail carries the unsubscribe link in its body and in the one-click headers', () => {
    const mail = composeMail(
      { id: 'u1', email: 'ann@example.com', name: 'Ann Rolle', emailNotifications: true },
      content,
      'https://buildbid.example/api/unsubscribe?token=t',
    );
    expect(mail.subject).toBe('New bid on your <project>');
    expect(mail.text).toContain('Hello Ann Rolle,');
    expect(mail.text).toContain('Open the project: https://buildbid.example/projects/1?a=1&b=2');
    expect(mail.text).toContain('Unsubscribe: https://buildbid.example/api/unsubscribe?token=t');
    expect(mail.html).toContain('&quot;Porch &amp; steps&quot;');
    expect(mail.html).toContain('<a href="https://buildbid.example/api/unsubscribe?token=t">Unsubscribe</a>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://buildbid.example/api/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('an account mail (reset, verification) has the same body and no unsubscribe link: it is the person’s own request', () => {
    const mail = composeAccountMail({ email: 'ann@example.com', name: 'Ann Rolle' }, content);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.text).toContain('Hello Ann Rolle,');
    expect(mail.text).toContain('Open the project: https://buildbid.example/projects/1?a=1&b=2');
    expect(mail.text).not.toContain('Unsubscribe');
    expect(mail.html).toContain('href="https://buildbid.example/projects/1?a=1&amp;b=2"');
    expect(mail.headers).toEqual({});
  });
});
