DROP INDEX "flashcard_cards_user_due_idx";--> statement-breakpoint
CREATE INDEX "flashcard_cards_user_learning_idx" ON "flashcard_cards" USING btree ("user_id","due","id") WHERE "flashcard_cards"."state" in (1, 3);--> statement-breakpoint
CREATE INDEX "flashcard_cards_user_new_idx" ON "flashcard_cards" USING btree ("user_id","created_at","ordinal","id") WHERE "flashcard_cards"."state" = 0;--> statement-breakpoint
CREATE INDEX "flashcard_cards_user_due_idx" ON "flashcard_cards" USING btree ("user_id","state","due","suspended","buried_until","deck_id");