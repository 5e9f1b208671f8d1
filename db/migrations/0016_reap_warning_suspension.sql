CREATE TABLE "reap_aviso" (
	"id" serial PRIMARY KEY NOT NULL,
	"ano_referencia" smallint NOT NULL,
	"fim_preenchimento" date NOT NULL,
	"ultimo_pescador_id" integer DEFAULT 0 NOT NULL,
	"avisados" integer DEFAULT 0 NOT NULL,
	"emails_enviados" integer DEFAULT 0 NOT NULL,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reap_aviso_pescador" (
	"aviso_id" integer NOT NULL,
	"pescador_id" integer NOT NULL,
	"email_enviado_em" timestamp with time zone,
	CONSTRAINT "reap_aviso_pescador_aviso_id_pescador_id_pk" PRIMARY KEY("aviso_id","pescador_id")
);
--> statement-breakpoint
CREATE TABLE "reap_suspensao" (
	"ano_referencia" smallint PRIMARY KEY NOT NULL,
	"ato_normativo_id" integer NOT NULL,
	"data_suspensao" date NOT NULL,
	"cpf_ator" char(11) NOT NULL,
	"perfil_ator" smallint NOT NULL,
	"lote_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lote_pescador" ADD COLUMN "reap_ano_referencia" smallint;--> statement-breakpoint
ALTER TABLE "reap_aviso_pescador" ADD CONSTRAINT "reap_aviso_pescador_aviso_id_reap_aviso_id_fk" FOREIGN KEY ("aviso_id") REFERENCES "public"."reap_aviso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reap_aviso_pescador" ADD CONSTRAINT "reap_aviso_pescador_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reap_suspensao" ADD CONSTRAINT "reap_suspensao_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reap_suspensao" ADD CONSTRAINT "reap_suspensao_lote_id_lote_pescador_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote_pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reap_aviso_ano_fim_key" ON "reap_aviso" USING btree ("ano_referencia","fim_preenchimento");--> statement-breakpoint
CREATE INDEX "lote_pescador_item_pescador_idx" ON "lote_pescador_item" USING btree ("pescador_id") WHERE "lote_pescador_item"."pescador_id" IS NOT NULL;