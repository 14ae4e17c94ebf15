import { expect, test } from 'vitest';
import { emailChangeMail, verificationCodeMail, welcomeMail } from './identity-mails.js';

test('every identity e-mail carries the code and the real 10-minute expiry', () => {
  for (const mail of [welcomeMail('a@b.co', 'ann', 'AB12-CD34'), verificationCodeMail('a@b.co', 'AB12-CD34'), emailChangeMail('a@b.co', 'ann', 'AB12-CD34')]) {
    expect(mail.to).toBe('a@b.co');
    expect(mail.text).toContain('AB12-CD34');
    expect(mail.text).toContain('10 minutes');
  }
  expect(welcomeMail('a@b.co', 'ann', 'AB12-CD34').subject).toBe('Welcome!');
  expect(verificationCodeMail('a@b.co', 'AB12-CD34').subject).toBe('Verification Code');
});
