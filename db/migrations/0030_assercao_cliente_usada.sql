CREATE TABLE "assercao_cliente_usada" (
	"cliente_id" integer NOT NULL,
	"jti" varchar(200) NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "assercao_cliente_usada_cliente_id_jti_pk" PRIMARY KEY("cliente_id","jti")
);
--> statement-breakpoint
ALTER TABLE "assercao_cliente_usada" ADD CONSTRAINT "assercao_cliente_usada_cliente_id_cliente_integracao_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente_integracao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assercao_cliente_usada_expira_em_idx" ON "assercao_cliente_usada" USING btree ("expira_em");