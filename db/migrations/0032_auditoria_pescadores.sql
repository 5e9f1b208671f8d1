CREATE TABLE "auditoria_pescadores" (
	"auditoria_id" bigint PRIMARY KEY NOT NULL,
	"pescador_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditoria_pescadores" ADD CONSTRAINT "auditoria_pescadores_auditoria_id_auditoria_id_fk" FOREIGN KEY ("auditoria_id") REFERENCES "public"."auditoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_pescadores_ids_idx" ON "auditoria_pescadores" USING gin ("pescador_ids");