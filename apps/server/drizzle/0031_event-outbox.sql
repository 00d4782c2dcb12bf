CREATE TABLE "event_outbox" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"actor_user_id" uuid
);
