import { describe, expect, it } from 'vitest';
import {
  cacheDurationRange,
  imageQualityRange,
  isOgImageUrl,
  isProfileUrl,
  numberInRange,
  performanceSettingsInputSchema,
  seoMessages,
  seoSettingsInputSchema,
} from './settings.schema';

describe('numberInRange (spec section 5)', () => {
  it('keeps numbers inside the range', () => {
    expect(numberInRange(3600, cacheDurationRange)).toBe(3600);
    expect(numberInRange(60, cacheDurationRange)).toBe(60);
    expect(numberInRange(604800, cacheDurationRange)).toBe(604800);
    expect(numberInRange(70, imageQualityRange)).toBe(70);
  });

  it('clamps numbers outside the range', () => {
    expect(numberInRange(10, cacheDurationRange)).toBe(60);
    expect(numberInRange(-5, cacheDurationRange)).toBe(60);
    expect(numberInRange(10_000_000, cacheDurationRange)).toBe(604800);
    expect(numberInRange(0, imageQualityRange)).toBe(1);
    expect(numberInRange(250, imageQualityRange)).toBe(100);
  });

  it('accepts numeric strings', () => {
    expect(numberInRange('3600', cacheDurationRange)).toBe(3600);
    expect(numberInRange(' 90 ', imageQualityRange)).toBe(90);
    expect(numberInRange('5', cacheDurationRange)).toBe(60);
    expect(numberInRange('1e9', cacheDurationRange)).toBe(604800);
  });

  it('rounds fractions (the columns hold whole numbers)', () => {
    expect(numberInRange(84.6, imageQualityRange)).toBe(85);
    expect(numberInRange('3600.4', cacheDurationRange)).toBe(3600);
  });

  it('uses the default when the value is not a number', () => {
    for (const value of ['', '   ', 'abc', '12abc', 'NaN', NaN, null, undefined, true, {}, []]) {
      expect(numberInRange(value, cacheDurationRange), String(value)).toBe(86400);
      expect(numberInRange(value, imageQualityRange), String(value)).toBe(85);
    }
  });
});

describe('performanceSettingsInputSchema', () => {
  const flags = { enable_caching: true, enable_webp: false, enable_avif: true, lazy_loading: false };

  it('clamps and defaults the numbers through preprocess', () => {
    expect(performanceSettingsInputSchema.parse({ ...flags, cache_duration: '30', image_quality: 'high' })).toEqual({
      ...flags,
      cache_duration: 60,
      image_quality: 85,
      page_weight_budget_kb: 1500,
    });
    expect(performanceSettingsInputSchema.parse({ ...flags, page_weight_budget_kb: 50 }).page_weight_budget_kb).toBe(
      100,
    );
    expect(
      performanceSettingsInputSchema.parse({ ...flags, page_weight_budget_kb: '25000' }).page_weight_budget_kb,
    ).toBe(20000);
    expect(
      performanceSettingsInputSchema.parse({ ...flags, version: 3, cache_duration: 7200, image_quality: 101 }),
    ).toMatchObject({ version: 3, cache_duration: 7200, image_quality: 100 });
    expect(performanceSettingsInputSchema.parse(flags)).toMatchObject({ cache_duration: 86400, image_quality: 85 });
  });

  it('requires the on/off switches, with a sentence naming them', () => {
    const result = performanceSettingsInputSchema.safeParse({ ...flags, enable_webp: 'yes' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['enable_webp'],
      message: 'Choose whether WebP images is on or off.',
    });
  });
});

describe('seoSettingsInputSchema', () => {
  const valid = { site_title: 'Cenote Atlas' };
  const firstIssue = (input: Record<string, unknown>) => {
    const result = seoSettingsInputSchema.safeParse({ ...valid, ...input });
    return result.success ? undefined : result.error.issues[0];
  };

  it('turns empty optional fields into null and strips the @ of the handle', () => {
    expect(
      seoSettingsInputSchema.parse({
        site_title: '  Cenote Atlas ',
        site_description: null,
        default_og_image: '',
        google_analytics_id: 'g-abc123xyz9',
        google_tag_manager_id: 'GTM-5XKQ2P',
        twitter_handle: '@cenote_atlas',
        facebook_page: 'https://www.facebook.com/cenoteatlas',
        instagram_url: '',
        youtube_url: 'https://youtube.com/@cenoteatlas',
      }),
    ).toEqual({
      site_title: 'Cenote Atlas',
      site_description: '',
      default_og_image: null,
      google_analytics_id: 'G-ABC123XYZ9',
      google_tag_manager_id: 'GTM-5XKQ2P',
      twitter_handle: 'cenote_atlas',
      facebook_page: 'https://www.facebook.com/cenoteatlas',
      instagram_url: null,
      youtube_url: 'https://youtube.com/@cenoteatlas',
    });
  });

  it.each([
    [{ site_title: '' }, 'site_title', seoMessages.siteTitleMissing],
    [{ site_title: undefined }, 'site_title', seoMessages.siteTitleMissing],
    [{ site_title: 'x'.repeat(121) }, 'site_title', seoMessages.siteTitleTooLong],
    [{ site_description: 'x'.repeat(301) }, 'site_description', seoMessages.siteDescriptionTooLong],
    [{ default_og_image: 'javascript:alert(1)' }, 'default_og_image', seoMessages.ogImage],
    [{ default_og_image: 'http://example.com/a.jpg' }, 'default_og_image', seoMessages.ogImage],
    [{ default_og_image: '/admin/a.jpg' }, 'default_og_image', seoMessages.ogImage],
    [{ google_analytics_id: 'UA-12345-1' }, 'google_analytics_id', seoMessages.googleAnalytics],
    [{ google_analytics_id: 'G-12' }, 'google_analytics_id', seoMessages.googleAnalytics],
    [{ google_tag_manager_id: 'GTM-1' }, 'google_tag_manager_id', seoMessages.googleTagManager],
    [{ twitter_handle: '@this_handle_is_too_long' }, 'twitter_handle', seoMessages.twitter],
    [{ twitter_handle: 'with space' }, 'twitter_handle', seoMessages.twitter],
    [{ twitter_handle: '@' }, 'twitter_handle', seoMessages.twitter],
    [{ facebook_page: 'https://evil.example/facebook.com' }, 'facebook_page', seoMessages.facebook],
    [{ facebook_page: 'http://facebook.com/x' }, 'facebook_page', seoMessages.facebook],
    [{ instagram_url: 'https://instagram.com.evil.example/x' }, 'instagram_url', seoMessages.instagram],
    [{ youtube_url: 'javascript:alert(1)' }, 'youtube_url', seoMessages.youtube],
  ])('refuses %o naming %s', (input, field, message) => {
    expect(firstIssue(input)).toMatchObject({ path: [field], message });
  });
});

describe('URL checks', () => {
  it('isOgImageUrl: stored media or https', () => {
    expect(isOgImageUrl('/media/seed/og-default.jpg')).toBe(true);
    expect(isOgImageUrl('https://cdn.example.com/og.jpg')).toBe(true);
    expect(isOgImageUrl('//evil.example/og.jpg')).toBe(false);
    expect(isOgImageUrl('/media/../secret')).toBe(false);
    expect(isOgImageUrl('/media/a b.jpg')).toBe(false);
    expect(isOgImageUrl('data:image/png;base64,AAAA')).toBe(false);
  });

  it('isProfileUrl: https on the host or www.host only', () => {
    expect(isProfileUrl('https://instagram.com/cenoteatlas', 'instagram.com')).toBe(true);
    expect(isProfileUrl('https://www.instagram.com/cenoteatlas', 'instagram.com')).toBe(true);
    expect(isProfileUrl('https://m.instagram.com/cenoteatlas', 'instagram.com')).toBe(false);
    expect(isProfileUrl('https://user:pw@instagram.com/x', 'instagram.com')).toBe(false);
    expect(isProfileUrl('not a url', 'instagram.com')).toBe(false);
  });
});
