CREATE TABLE "recurso_decisao_lote" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurso_decisao_lote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ato_normativo_id" integer NOT NULL,
	"resultado" smallint NOT NULL,
	"justificativa" text NOT NULL,
	"filtro" jsonb,
	"ator" jsonb NOT NULL,
	"cpf_ator" char(11) NOT NULL,
	"total" integer NOT NULL,
	"decididos" integer DEFAULT 0 NOT NULL,
	"recusados" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recurso_decisao_lote_item" (
	"decisao_lote_id" integer NOT NULL,
	"recurso_id" integer NOT NULL,
	"decidido" boolean,
	"mensagem" text,
	CONSTRAINT "recurso_decisao_lote_item_decisao_lote_id_recurso_id_pk" PRIMARY KEY("decisao_lote_id","recurso_id")
);
--> statement-breakpoint
ALTER TABLE "recurso_decisao_lote" ADD CONSTRAINT "recurso_decisao_lote_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurso_decisao_lote_item" ADD CONSTRAINT "recurso_decisao_lote_item_lote_fk" FOREIGN KEY ("decisao_lote_id") REFERENCES "public"."recurso_decisao_lote"("id") ON DELETE no action ON UPDATE no action;