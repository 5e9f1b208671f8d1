CREATE TABLE "lembrete_enviado" (
	"chave" varchar(80) NOT NULL,
	"pescador_id" integer NOT NULL,
	"prazo" date NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lembrete_enviado_chave_pescador_id_pk" PRIMARY KEY("chave","pescador_id")
);
--> statement-breakpoint
CREATE TABLE "notificacao_envio" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notificacao_id" integer NOT NULL,
	"pescador_id" integer NOT NULL,
	"canal" smallint NOT NULL,
	"situacao" smallint DEFAULT 1 NOT NULL,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"assunto" varchar(200),
	"origem" varchar(40),
	"origem_id" integer,
	"ultimo_erro" varchar(300),
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notificacao_preferencia" (
	"pescador_id" integer PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	"govbr" boolean DEFAULT true NOT NULL,
	"atualizada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lembrete_enviado" ADD CONSTRAINT "lembrete_enviado_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_envio" ADD CONSTRAINT "notificacao_envio_notificacao_id_notificacao_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_envio" ADD CONSTRAINT "notificacao_envio_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_preferencia" ADD CONSTRAINT "notificacao_preferencia_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacao_envio_pendente_idx" ON "notificacao_envio" USING btree ("canal","proxima_em") WHERE situacao = 1;--> statement-breakpoint
CREATE INDEX "notificacao_envio_pescador_idx" ON "notificacao_envio" USING btree ("pescador_id","id");