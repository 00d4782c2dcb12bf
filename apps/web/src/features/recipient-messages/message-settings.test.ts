import {
  DEFAULT_RECIPIENT_TEMPLATES,
  RECIPIENT_MESSAGE_KINDS,
  type RecipientMessageSettings,
} from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  hasDefaultWords,
  tidyTimeOfDay,
  placeErrors,
  toBody,
  toValues,
  validateSettings,
  withDefaultWords,
  type SettingsValues,
} from './message-settings';

const settings = (over: Partial<RecipientMessageSettings> = {}): RecipientMessageSettings => ({
  arrivingSoonMinutes: 10,
  quietFrom: '21:00',
  quietUntil: '08:00',
  sendAtNight: false,
  // Out of order, and one kind missing: the form puts them in the kinds' order with the defaults.
  templates: RECIPIENT_MESSAGE_KINDS.filter((k) => k !== 'rescheduled')
    .reverse()
    .map((kind) => ({ kind, ...DEFAULT_RECIPIENT_TEMPLATES[kind], isDefault: true })),
  smsProvider: 'outbox',
  emailTransport: 'outbox',
  defaultCountry: 'GB',
  ...over,
});

const values = (change: (v: SettingsValues) => void = () => {}) => {
  const v = toValues(settings());
  change(v);
  return v;
};

describe('the messages form values (issue 36)', () => {
  it('holds every kind once, in the kinds’ order, as the body’s `templates.<i>`', () => {
    const v = toValues(settings());
    expect(v.templates.map((t) => t.kind)).toEqual([...RECIPIENT_MESSAGE_KINDS]);
    expect(v.templates[4]).toEqual({ kind: 'rescheduled', ...DEFAULT_RECIPIENT_TEMPLATES.rescheduled });
    expect(toBody({ ...v, arrivingSoonMinutes: '15' }).arrivingSoonMinutes).toBe(15);
    expect(validateSettings(v)).toEqual({});
  });

  it('resets a kind’s words to the contract’s and keeps its channel', () => {
    const edited = { ...values().templates[0]!, channels: 'both' as const, smsBody: 'Hello' };
    expect(hasDefaultWords(edited)).toBe(false);
    const reset = withDefaultWords(edited);
    expect(reset).toEqual({
      ...DEFAULT_RECIPIENT_TEMPLATES['on-the-way'],
      kind: 'on-the-way',
      channels: 'both',
    });
    expect(hasDefaultWords(reset)).toBe(true);
  });
});

describe('the messages form validation (the body’s own schema)', () => {
  it('asks for the words a chosen channel sends, and only those', () => {
    expect(
      validateSettings(
        values((v) => {
          v.templates[0]!.smsBody = '   ';
          v.templates[1]!.channels = 'email';
          v.templates[1]!.emailSubject = '';
          v.templates[1]!.smsBody = '';
        }),
      ),
    ).toEqual({
      'templates.0.smsBody': 'Write the text message.',
      'templates.1.emailSubject': 'Write a subject.',
    });
    // Not sent at all: nothing is asked of it.
    expect(
      validateSettings(values((v) => Object.assign(v.templates[2]!, { channels: 'none', smsBody: '' }))),
    ).toEqual({});
  });

  it('names an unknown placeholder and the ones there are', () => {
    const errors = validateSettings(values((v) => (v.templates[0]!.smsBody = 'Hi {name}, {tracking_link}')));
    expect(errors['templates.0.smsBody']).toMatch(
      /^Unknown placeholder \{name\}: use \{recipient_name\}, \{company\}/,
    );
  });

  it('puts an error on words the channel hides on that kind’s channel choice', () => {
    const errors = validateSettings(values((v) => (v.templates[3]!.emailBody = 'Sorry {nme}')));
    expect(Object.keys(errors)).toEqual(['templates.3.channels']);
    expect(errors['templates.3.channels']).toMatch(
      /^The e-mail \(not sent now\): Unknown placeholder \{nme\}/,
    );
  });

  it('checks the minutes and the quiet hours', () => {
    expect(validateSettings(values((v) => (v.arrivingSoonMinutes = 1)))).toEqual({
      arrivingSoonMinutes: 'At least 2 minutes.',
    });
    expect(validateSettings(values((v) => (v.arrivingSoonMinutes = 500)))).toEqual({
      arrivingSoonMinutes: 'At most 120 minutes.',
    });
    expect(Object.keys(validateSettings(values((v) => (v.arrivingSoonMinutes = ''))))).toEqual([
      'arrivingSoonMinutes',
    ]);
    expect(validateSettings(values((v) => (v.quietFrom = '25:00')))).toEqual({
      quietFrom: 'Enter a time of day as HH:MM (for example 21:00).',
    });
  });

  it('places a 422’s field errors the same way', () => {
    const v = values((v) => (v.templates[1]!.channels = 'sms'));
    expect(
      placeErrors(v, {
        'templates.1.smsBody': 'Too long.',
        'templates.1.emailSubject': 'Unknown placeholder {x}.',
        quietUntil: 'Enter a time of day.',
      }),
    ).toEqual({
      'templates.1.smsBody': 'Too long.',
      'templates.1.channels':
        "The e-mail's subject (not sent now): Unknown placeholder {x}. Choose its channel to change it, or reset to default.",
      quietUntil: 'Enter a time of day.',
    });
  });
});

describe('a quiet hour as typed', () => {
  it('is written the contract’s way when it can be read, and left as typed for the schema when not', () => {
    expect(tidyTimeOfDay('9:00')).toBe('09:00');
    expect(tidyTimeOfDay('2100')).toBe('21:00');
    expect(tidyTimeOfDay(' 21.30 ')).toBe('21:30');
    expect(tidyTimeOfDay('7h05')).toBe('07:05');
    expect(tidyTimeOfDay('08:00')).toBe('08:00');
    expect(tidyTimeOfDay('25:00')).toBe('25:00');
    expect(tidyTimeOfDay('9pm')).toBe('9pm');
    expect(tidyTimeOfDay('')).toBe('');
  });
});
