ALTER TABLE "auditoria" ALTER COLUMN "recurso" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "auditoria" ALTER COLUMN "recurso_id" SET DATA TYPE varchar(120);