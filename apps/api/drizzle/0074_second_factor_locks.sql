CREATE TABLE "second_factor_locks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factor_locks" ADD CONSTRAINT "second_factor_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;