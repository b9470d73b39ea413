-- Schema 5: the strength of each AI seat (easy, normal, hard), stored with the seat.
-- Every seat gets a level; it only means something while an AI holds the seat (user_id NULL), and a
-- seat handed to the AI later takes the table's level for absent players. Seats that exist when
-- upgrading, AI seats included, play "normal".

ALTER TABLE seats ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'normal'
    CHECK (ai_level IN ('easy', 'normal', 'hard'));
