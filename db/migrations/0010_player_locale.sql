-- Schema 10: the language last seen from each user (their Discord client's, e.g. 'fr', 'en-US'), so that the
-- direct messages sent to them (prompts, reminders, notices) are in it. NULL: never seen, English.

ALTER TABLE players ADD COLUMN locale TEXT;
