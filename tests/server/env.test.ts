import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { runtimeConfig } from '../../server/features/pages/embed-runtime-config';

describe('server configuration', () => {
  it('describes a fictional operator on port 3000 with PGlite in ./data by default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: undefined,
      adminApiKey: undefined,
      tokenTtlDays: 30,
      limits: { lookupMissesPerMinute: 30 },
      operatorName: 'Brightwater Car Wash',
      analyticsId: '',
      defaultPhoneCountry: 'US',
    });
    expect(Object.values(env.links).every((link) => link.startsWith('https://'))).toBe(true);
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '', ADMIN_API_KEY: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      adminApiKey: undefined,
    });
  });

  it('reads every setting', () => {
    const env = parseEnv({
      PORT: '8080',
      PUBLIC_URL: 'https://club.example/',
      DATABASE_URL: 'postgres://u@db:5432/club',
      ADMIN_API_KEY: 'a-long-admin-key-123',
      TOKEN_TTL_DAYS: '14',
      ANALYTICS_ID: 'G-ABC123',
      DEFAULT_PHONE_COUNTRY: 'CA',
      TERMS_URL: 'https://club.example/t',
    });
    expect(env).toMatchObject({
      port: 8080,
      publicUrl: 'https://club.example',
      databaseUrl: 'postgres://u@db:5432/club',
      tokenTtlDays: 14,
      analyticsId: 'G-ABC123',
      defaultPhoneCountry: 'CA',
    });
    expect(env.links.terms).toBe('https://club.example/t');
  });

  it('requires license plates only when REQUIRE_LICENSE_PLATE is true, and tells the page', () => {
    expect(parseEnv({}).requireLicensePlate).toBe(false);
    expect(parseEnv({ REQUIRE_LICENSE_PLATE: 'false' }).requireLicensePlate).toBe(false);
    const env = parseEnv({ REQUIRE_LICENSE_PLATE: 'true' });
    expect(env.requireLicensePlate).toBe(true);
    expect(runtimeConfig(env).requireLicensePlate).toBe(true);
    expect(() => parseEnv({ REQUIRE_LICENSE_PLATE: 'yes' })).toThrowError(
      /REQUIRE_LICENSE_PLATE must be true or false/,
    );
  });

  it("judges a site without a zone of its own in DEFAULT_TIMEZONE, New York's unless set", () => {
    expect(parseEnv({}).defaultTimeZone).toBe('America/New_York');
    expect(parseEnv({ DEFAULT_TIMEZONE: 'America/Chicago' }).defaultTimeZone).toBe('America/Chicago');
    expect(() => parseEnv({ DEFAULT_TIMEZONE: 'Central Time' })).toThrowError(
      /DEFAULT_TIMEZONE: DEFAULT_TIMEZONE must be an IANA time zone such as America\/New_York/,
    );
  });

  it('makes a follow-up case due FOLLOW_UP_HOURS after it opens: 48 unless set, fractions allowed, up to 720', () => {
    expect(parseEnv({}).followUpHours).toBe(48);
    expect(parseEnv({ FOLLOW_UP_HOURS: '' }).followUpHours).toBe(48);
    expect(parseEnv({ FOLLOW_UP_HOURS: '0.5' }).followUpHours).toBe(0.5);
    expect(parseEnv({ FOLLOW_UP_HOURS: '24' }).followUpHours).toBe(24);
    expect(parseEnv({ FOLLOW_UP_HOURS: '720' }).followUpHours).toBe(720);
    expect(parseEnv({ FOLLOW_UP_HOURS: '0.001' }).followUpHours).toBe(0.001);
    for (const wrong of ['0', '0.0', '720.5', '1000', '-1', '.5', '2h', '1e3', 'forty-eight']) {
      expect(() => parseEnv({ FOLLOW_UP_HOURS: wrong }), wrong).toThrowError(
        'FOLLOW_UP_HOURS: FOLLOW_UP_HOURS must be a number of hours above 0 and at most 720, such as 48 or 0.5',
      );
    }
  });

  it('sends follow-up alerts through SMTP_URL from MAIL_FROM, and has them off without SMTP_URL', () => {
    expect(parseEnv({}).mail).toBeUndefined();
    expect(parseEnv({ SMTP_URL: '', MAIL_FROM: 'x@club.example' }).mail).toBeUndefined();
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toEqual({
      url: 'smtp://127.0.0.1:2525',
      from: 'Club Profile <alerts@localhost>',
    });
    expect(
      parseEnv({
        SMTP_URL: 'smtps://user:secret@mail.club.example:465',
        MAIL_FROM: 'Brightwater <alerts@club.example>',
      }).mail,
    ).toEqual({ url: 'smtps://user:secret@mail.club.example:465', from: 'Brightwater <alerts@club.example>' });
    expect(parseEnv({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'alerts@club.example' }).mail?.from).toBe(
      'alerts@club.example',
    );
    for (const wrong of ['http://mail.example', 'mail.example:25', 'smtp://', 'smtp:mail.example', 'not a url']) {
      expect(() => parseEnv({ SMTP_URL: wrong }), wrong).toThrowError(
        /^Invalid configuration:\n {2}SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL with a host/,
      );
    }
    for (const wrong of ['alerts', 'Club Profile', 'a@b@c', 'Club <alerts>', 'alerts@club.example\nBcc: x@y.z']) {
      expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: wrong }), wrong).toThrowError(
        'MAIL_FROM: MAIL_FROM must be an address such as alerts@club.example or Club Profile <alerts@club.example>',
      );
    }
  });

  it('budgets alert emails to one every ALERT_EMAIL_MINUTES a person, and the cases of sign-ups without a code', () => {
    expect(parseEnv({}).alertEmailMinutes).toBe(5);
    expect(parseEnv({ ALERT_EMAIL_MINUTES: '15' }).alertEmailMinutes).toBe(15);
    expect(parseEnv({}).limits.manualSignupCasesPerHour).toBe(3);
    expect(parseEnv({ MANUAL_SIGNUP_CASES_PER_HOUR: '10' }).limits.manualSignupCasesPerHour).toBe(10);
    for (const wrong of ['0', '1441', '2.5', 'five']) {
      expect(() => parseEnv({ ALERT_EMAIL_MINUTES: wrong }), wrong).toThrowError(
        /ALERT_EMAIL_MINUTES: ALERT_EMAIL_MINUTES/,
      );
    }
    expect(() => parseEnv({ MANUAL_SIGNUP_CASES_PER_HOUR: '0' })).toThrowError(
      'MANUAL_SIGNUP_CASES_PER_HOUR: MANUAL_SIGNUP_CASES_PER_HOUR must be at least 1',
    );
  });

  it('migrates at start and runs the jobs on every instance unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ migrateOnStart: true, runJobs: true });
    const postgres = { DATABASE_URL: 'postgres://u@db:5432/club' };
    expect(parseEnv({ ...postgres, MIGRATE_ON_START: 'false', RUN_JOBS: 'false' })).toMatchObject({
      migrateOnStart: false,
      runJobs: false,
    });
    expect(parseEnv({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(() => parseEnv({ MIGRATE_ON_START: 'no' })).toThrowError(/MIGRATE_ON_START must be true or false/);
  });

  it('keeps the jobs on where the embedded database makes this instance the only one', () => {
    expect(() => parseEnv({ RUN_JOBS: 'false' })).toThrowError(
      /RUN_JOBS: may be false only with DATABASE_URL: another instance on that PostgreSQL then runs the jobs/,
    );
    expect(() => parseEnv({ RUN_JOBS: 'off' })).toThrowError(/RUN_JOBS must be true or false/);
  });

  it('refuses wrong settings, naming each', () => {
    expect(() =>
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_API_KEY: 'short',
        DEFAULT_PHONE_COUNTRY: 'XX',
        TERMS_URL: 'not a url',
      }),
    ).toThrowError(/PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_API_KEY[\s\S]*TERMS_URL[\s\S]*DEFAULT_PHONE_COUNTRY/);
  });
});
