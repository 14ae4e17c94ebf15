import { expect, test } from 'vitest';
import { emailChangeMail, verificationCodeMail, welcomeMail } from './identity-mails.js';

test('every identity e-mail carries the code and the real 10-minute expiry', () => {
  for (const mail of [welcomeMail('a@b.co', 'ann', 'AB12-CD34'), verificationCodeMail('a@b.co', 'AB12-CD34'), emailChangeMail('a@b.co', 'ann', 'AB12-CD34', 'http://localhost:3000')]) {
    expect(mail.to).toBe('a@b.co');
    expect(mail.text).toContain('AB12-CD34');
    expect(mail.text).toContain('10 minutes');
  }
  expect(welcomeMail('a@b.co', 'ann', 'AB12-CD34').subject).toBe('Welcome!');
  expect(verificationCodeMail('a@b.co', 'AB12-CD34').subject).toBe('Verification Code');
});

test('the e-mail-change mail links to /user/verify-email with the new address and code URL-encoded, and keeps the code', () => {
  const mail = emailChangeMail('ann+new@b.co', 'ann', 'AB12-CD34', 'https://budget.example.com/');
  expect(mail.to).toBe('ann+new@b.co');
  expect(mail.subject).toBe('Confirm your new e-mail address');
  // '+' is %2B and '@' is %40 in a query; the base's trailing slash is not doubled.
  expect(mail.text).toContain('\n\nhttps://budget.example.com/user/verify-email?email=ann%2Bnew%40b.co&code=AB12-CD34\n\n');
  expect(mail.text).toContain('Your code is: AB12-CD34');
  const link = new URL(/https:\S+/.exec(mail.text)![0]);
  expect(link.searchParams.get('email')).toBe('ann+new@b.co');
  expect(link.searchParams.get('code')).toBe('AB12-CD34');
});
