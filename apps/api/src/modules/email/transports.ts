import nodemailer from 'nodemailer';
import type { MailTransport } from './outbox.ts';

/** SMTP through nodemailer when SMTP_URL is set. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.content_type,
          content: Buffer.from(file.content_base64, 'base64'),
        })),
      });
    },
  };
}

/** Without SMTP the outbox table is the mailbox: delivery marks the message sent, readable at /dev/outbox. */
export function createOutboxTransport(): MailTransport {
  return { name: 'outbox', async send() {} };
}
