import { DEFAULT_RECIPIENT_TEMPLATES, countSms } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { insertPlaceholder, preview, sampleValues, smsCounter } from './template-preview';

const samples = sampleValues({
  companyName: 'Acme Couriers',
  origin: 'https://courier.example.com',
  now: new Date(2026, 10, 30, 9, 0),
});

describe('the SMS counter (issue 36)', () => {
  it('counts characters and messages as carriers do: 160 in one, 153 a part once split', () => {
    expect(smsCounter('').summary).toBe('Empty');
    expect(smsCounter('a'.repeat(87))).toEqual({
      summary: '87 characters · 1 message',
      unicode: null,
      segments: 1,
    });
    expect(smsCounter('a'.repeat(160)).summary).toBe('160 characters · 1 message');
    expect(smsCounter('a'.repeat(161)).summary).toBe('161 characters · 2 messages');
    expect(smsCounter('a'.repeat(307)).summary).toBe('307 characters · 3 messages');
    // An extended character ({ } [ ] € …) is two.
    expect(smsCounter('Price: 5€').summary).toBe('10 characters · 1 message');
    expect(smsCounter('x').summary).toBe('1 character · 1 message');
  });

  it('says when one character makes the whole text Unicode, and which one', () => {
    const text = `Fête en ville ${'a'.repeat(50)}`;
    expect(countSms(text).encoding).toBe('unicode');
    const count = smsCounter(text);
    expect(count.unicode).toBe('Unicode: 70 characters per message (because of “ê”)');
    expect(count.summary).toBe(`${text.length} characters · 1 message`);
    // é is in the SMS alphabet; ê is not.
    expect(smsCounter('Café').unicode).toBeNull();
    // Split, a Unicode part holds 67; an emoji is two units.
    expect(smsCounter(`👋 ${'a'.repeat(70)}`)).toEqual({
      summary: '73 characters · 2 messages',
      unicode: 'Unicode: 67 characters per message when split (because of “👋”)',
      segments: 2,
    });
  });

  it('counts the message as sent: placeholders filled, not their braces', () => {
    const rendered = preview(DEFAULT_RECIPIENT_TEMPLATES['on-the-way'].smsBody, samples);
    expect(rendered).toBe(
      `Hi Sam, your delivery from Acme Couriers is on its way. Follow it live: ${samples.tracking_link}`,
    );
    expect(smsCounter(rendered).summary).toBe(`${rendered.length} characters · 1 message`);
  });
});

describe('the preview (issue 36)', () => {
  it('fills every placeholder with a sample: Sam, the company, a window, an ETA, a link of a real length', () => {
    expect(samples.recipient_name).toBe('Sam');
    expect(samples.company).toBe('Acme Couriers');
    expect(samples.window).toBe('Tue 1 Dec, 14:00–16:00');
    expect(samples.eta).toBe('14:25');
    expect(samples.tracking_link).toMatch(/^https:\/\/courier\.example\.com\/track\/[\w-]{43}$/);
    expect(sampleValues({ companyName: ' ', origin: 'http://x' }).company).toBe('Your company');
    expect(preview(DEFAULT_RECIPIENT_TEMPLATES.rescheduled.emailSubject, samples)).toBe(
      'Your delivery from Acme Couriers is planned again',
    );
    expect(preview(DEFAULT_RECIPIENT_TEMPLATES.delivered.smsBody, samples)).toContain('(signed by J. Smith)');
  });

  it('leaves an unknown placeholder as written, so the mistake shows', () => {
    expect(preview('Hi {name}, from {company}', samples)).toBe('Hi {name}, from Acme Couriers');
  });
});

describe('inserting a placeholder', () => {
  it('writes it at the caret, over a selection, or at the end, and puts the caret after it', () => {
    expect(insertPlaceholder('Hi , see you', 'recipient_name', { start: 3, end: 3 })).toEqual({
      text: 'Hi {recipient_name}, see you',
      caret: 19,
    });
    expect(insertPlaceholder('Arrives at TIME.', 'eta', { start: 11, end: 15 })).toEqual({
      text: 'Arrives at {eta}.',
      caret: 16,
    });
    expect(insertPlaceholder('Track it: ', 'tracking_link')).toEqual({
      text: 'Track it: {tracking_link}',
      caret: 25,
    });
    // A stale selection past the end is kept inside the text.
    expect(insertPlaceholder('ab', 'eta', { start: 9, end: 12 }).text).toBe('ab{eta}');
  });
});
