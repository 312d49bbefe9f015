-- Issue 18, a data migration (the schema does not change).
-- 1. Feature icons were emoji, which show as empty boxes without an emoji font; they become the
--    names of the icons the site draws as SVG (src/features/blocks/icons/icon-set.ts: the list of
--    names and legacyEmojiIcons, the same pairs as below; an unknown emoji becomes 'sparkles').
-- 2. The cenote pages' 'At a glance' cards blocks whose cards hold only a title and a description
--    become facts blocks (label = card title, value = description, an icon by label as in
--    factIconForLabel() in src/features/blocks/facts/block.ts). Cards with an image, link, level,
--    depth or tags stay cards.
-- Drafts (content_blocks) and the live copies (published_pages) are converted alike, so no page
-- gains unpublished changes; a converted block's version moves on, so a tab still holding the old
-- data gets a version conflict instead of writing it back. Revisions (page_revisions) stay as
-- history: the site shows an old emoji as its icon, and restoring a revision converts its blocks.
-- 3. The search index is emptied; the start-up indexes every page that has no row (startup.server.ts),
--    with today's text (pieces joined as sentences, facts as "label: value").
CREATE FUNCTION "atlas_0006_icon_name"(icon text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN icon IS NULL OR btrim(icon) = '' THEN ''
    WHEN btrim(icon) IN (
      'waves', 'waves-arrow-down', 'droplet', 'thermometer', 'sun', 'moon', 'cloud-fog', 'wind',
      'gem', 'bubbles', 'flashlight', 'lightbulb', 'sparkles', 'fish', 'shrimp', 'turtle',
      'paw-print', 'shell', 'leaf', 'trees', 'flower', 'waves-ladder', 'compass', 'spool',
      'gauge', 'scale', 'fuel', 'handshake', 'graduation-cap', 'life-buoy', 'triangle-alert', 'ban',
      'camera', 'map', 'map-pin', 'mountain', 'layers', 'cylinder', 'landmark', 'house',
      'construction', 'hand', 'trash-2', 'flask-conical'
    ) THEN btrim(icon)
    ELSE coalesce((
      SELECT legacy.name FROM (VALUES
        ('🌫', 'cloud-fog'), ('🌳', 'trees'), ('🌑', 'moon'), ('🌿', 'leaf'),
        ('🟤', 'droplet'), ('🧵', 'spool'), ('🌤', 'sun'), ('🐠', 'fish'),
        ('🐊', 'paw-print'), ('🤿', 'waves-ladder'), ('☀', 'sun'), ('🌊', 'waves'),
        ('🫧', 'bubbles'), ('🐚', 'shell'), ('🌓', 'moon'), ('🌈', 'sparkles'),
        ('🦔', 'shell'), ('🔦', 'flashlight'), ('🧭', 'compass'), ('🏛', 'landmark'),
        ('🦇', 'paw-print'), ('🗺', 'map'), ('⚖', 'scale'), ('🦶', 'waves'),
        ('🤝', 'handshake'), ('🐟', 'fish'), ('🏊', 'waves-ladder'), ('🪷', 'flower'),
        ('📷', 'camera'), ('🐢', 'turtle'), ('🎓', 'graduation-cap'), ('🏜', 'layers'),
        ('🕳', 'cylinder'), ('💎', 'gem'), ('🪢', 'spool'), ('⛰', 'mountain'),
        ('🧪', 'flask-conical'), ('🚿', 'droplet'), ('🧴', 'ban'), ('🤲', 'hand'),
        ('🗑', 'trash-2'), ('🏡', 'house'), ('🚽', 'droplet'), ('🌾', 'leaf'),
        ('🏗', 'construction'), ('🌀', 'wind'), ('➰', 'fuel'), ('➡', 'compass'),
        ('✂', 'life-buoy'), ('⌚', 'gauge'), ('🦐', 'shrimp'), ('💧', 'droplet'),
        ('🪨', 'mountain'), ('🏞', 'mountain'), ('☄', 'layers'), ('🦺', 'life-buoy'),
        ('🕗', 'sun'), ('🌱', 'leaf'), ('⛽', 'fuel'), ('📏', 'waves-arrow-down'),
        ('🚫', 'ban'), ('🔍', 'gem'), ('🌡', 'thermometer'), ('💡', 'lightbulb'),
        ('⚠', 'triangle-alert'), ('♻', 'leaf')
      ) AS legacy(emoji, name)
      -- Without the variation selectors U+FE0E/U+FE0F: '☀️' and '☀' are one icon.
      WHERE legacy.emoji = translate(btrim(icon), chr(65038) || chr(65039), '')
    ), 'sparkles')
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "atlas_0006_features"(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(data -> 'features') = 'array' THEN jsonb_set(data, '{features}', coalesce((
      SELECT jsonb_agg(
        CASE WHEN jsonb_typeof(feature -> 'icon') = 'string'
          THEN jsonb_set(feature, '{icon}', to_jsonb("atlas_0006_icon_name"(feature ->> 'icon')))
          ELSE feature END
        ORDER BY position)
      FROM jsonb_array_elements(data -> 'features') WITH ORDINALITY AS item(feature, position)
    ), '[]'::jsonb))
    ELSE data
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "atlas_0006_is_glance"(data jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN lower(btrim(coalesce(data ->> 'title', ''))) <> 'at a glance' OR jsonb_typeof(data -> 'cards') <> 'array'
      THEN false
    ELSE jsonb_array_length(data -> 'cards') BETWEEN 1 AND 12 AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(data -> 'cards') AS item(card)
      WHERE jsonb_typeof(card) <> 'object'
        OR btrim(coalesce(card ->> 'title', '')) = ''
        OR btrim(coalesce(card ->> 'description', '')) = ''
        OR btrim(coalesce(card ->> 'image', '')) <> ''
        OR btrim(coalesce(card ->> 'link', '')) <> ''
        OR btrim(coalesce(card ->> 'difficulty', '')) <> ''
        OR btrim(coalesce(card ->> 'depth', '')) <> ''
        OR (jsonb_typeof(card -> 'highlights') = 'array' AND card -> 'highlights' <> '[]'::jsonb))
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "atlas_0006_fact_icon"(label text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN lower(btrim(label)) LIKE 'difficulty%' THEN 'gauge'
    WHEN lower(label) LIKE '%depth%' THEN 'waves-arrow-down'
    WHEN lower(label) LIKE '%temperature%' THEN 'thermometer'
    WHEN lower(btrim(label)) LIKE 'location%' THEN 'map-pin'
    ELSE 'sparkles'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "atlas_0006_facts"(data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'title', btrim(data ->> 'title'),
    'description', btrim(coalesce(data ->> 'description', '')),
    'facts', (
      SELECT jsonb_agg(jsonb_build_object(
        'icon', "atlas_0006_fact_icon"(card ->> 'title'),
        'label', btrim(card ->> 'title'),
        'value', btrim(card ->> 'description')) ORDER BY position)
      FROM jsonb_array_elements(data -> 'cards') WITH ORDINALITY AS item(card, position)))
$$;
--> statement-breakpoint
-- One block of a live copy ({id, block_type, block_data, block_order, is_active, version}).
CREATE FUNCTION "atlas_0006_live_block"(block jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN converted.upgraded IS NOT DISTINCT FROM block THEN block
    WHEN jsonb_typeof(block -> 'version') = 'number'
      THEN converted.upgraded || jsonb_build_object('version', (block ->> 'version')::numeric + 1)
    ELSE converted.upgraded
  END
  FROM (SELECT CASE
    WHEN coalesce(jsonb_typeof(block -> 'block_data'), '') <> 'object' THEN block
    WHEN block ->> 'block_type' = 'features'
      THEN jsonb_set(block, '{block_data}', "atlas_0006_features"(block -> 'block_data'))
    WHEN block ->> 'block_type' = 'cards' AND "atlas_0006_is_glance"(block -> 'block_data')
      THEN block || jsonb_build_object('block_type', 'facts', 'block_data', "atlas_0006_facts"(block -> 'block_data'))
    ELSE block
  END AS upgraded) AS converted
$$;
--> statement-breakpoint
UPDATE "content_blocks"
SET "block_data" = "atlas_0006_features"("block_data"), "version" = "version" + 1
WHERE "block_type" = 'features' AND jsonb_typeof("block_data") = 'object'
  AND "atlas_0006_features"("block_data") <> "block_data";
--> statement-breakpoint
UPDATE "content_blocks"
SET "block_type" = 'facts', "block_data" = "atlas_0006_facts"("block_data"), "version" = "version" + 1
WHERE "block_type" = 'cards' AND jsonb_typeof("block_data") = 'object' AND "atlas_0006_is_glance"("block_data");
--> statement-breakpoint
UPDATE "published_pages"
SET "blocks" = converted."blocks"
FROM (
  SELECT live."page_id", jsonb_agg("atlas_0006_live_block"(item.block) ORDER BY item.position) AS "blocks"
  FROM "published_pages" AS live,
    jsonb_array_elements(CASE WHEN jsonb_typeof(live."blocks") = 'array' THEN live."blocks" ELSE '[]'::jsonb END)
      WITH ORDINALITY AS item(block, position)
  GROUP BY live."page_id"
) AS converted
WHERE converted."page_id" = "published_pages"."page_id" AND converted."blocks" <> "published_pages"."blocks";
--> statement-breakpoint
DELETE FROM "page_search";
--> statement-breakpoint
DROP FUNCTION "atlas_0006_live_block"(jsonb);
--> statement-breakpoint
DROP FUNCTION "atlas_0006_facts"(jsonb);
--> statement-breakpoint
DROP FUNCTION "atlas_0006_fact_icon"(text);
--> statement-breakpoint
DROP FUNCTION "atlas_0006_is_glance"(jsonb);
--> statement-breakpoint
DROP FUNCTION "atlas_0006_features"(jsonb);
--> statement-breakpoint
DROP FUNCTION "atlas_0006_icon_name"(text);
