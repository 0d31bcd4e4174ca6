import type { Locale } from '@solar/contract';

interface ReportMailText {
  subject: (name: string, period: string) => string;
  body: (name: string, period: string) => string;
}

/** The scheduled report mail in each interface language; the files carry the figures. */
export const REPORT_MAIL_TEXTS: Record<Locale, ReportMailText> = {
  zh_CN: {
    subject: (name, period) => `报表:${name}(${period})`,
    body: (name, period) => `附件为报表“${name}”(${period})的 PDF 和 XLSX 文件。`,
  },
  en: {
    subject: (name, period) => `Report: ${name} (${period})`,
    body: (name, period) => `Attached is the report "${name}" for ${period}, as PDF and XLSX.`,
  },
  es: {
    subject: (name, period) => `Informe: ${name} (${period})`,
    body: (name, period) => `Se adjunta el informe «${name}» de ${period}, en PDF y XLSX.`,
  },
  de: {
    subject: (name, period) => `Bericht: ${name} (${period})`,
    body: (name, period) => `Anbei der Bericht „${name}“ für ${period} als PDF und XLSX.`,
  },
  po: {
    subject: (name, period) => `Raport: ${name} (${period})`,
    body: (name, period) => `W załączniku raport „${name}” za ${period} w formacie PDF i XLSX.`,
  },
  tr: {
    subject: (name, period) => `Rapor: ${name} (${period})`,
    body: (name, period) => `${period} dönemine ait "${name}" raporu PDF ve XLSX olarak ektedir.`,
  },
  cz: {
    subject: (name, period) => `Přehled: ${name} (${period})`,
    body: (name, period) => `V příloze je přehled „${name}“ za ${period} ve formátu PDF a XLSX.`,
  },
  el: {
    subject: (name, period) => `Αναφορά: ${name} (${period})`,
    body: (name, period) => `Επισυνάπτεται η αναφορά «${name}» για ${period}, σε PDF και XLSX.`,
  },
  pt: {
    subject: (name, period) => `Relatório: ${name} (${period})`,
    body: (name, period) => `Segue em anexo o relatório "${name}" de ${period}, em PDF e XLSX.`,
  },
  it: {
    subject: (name, period) => `Report: ${name} (${period})`,
    body: (name, period) => `In allegato il report "${name}" per ${period}, in PDF e XLSX.`,
  },
  da: {
    subject: (name, period) => `Rapport: ${name} (${period})`,
    body: (name, period) => `Vedhæftet er rapporten "${name}" for ${period} som PDF og XLSX.`,
  },
  fi: {
    subject: (name, period) => `Raportti: ${name} (${period})`,
    body: (name, period) => `Liitteenä raportti "${name}" ajalta ${period} PDF- ja XLSX-muodossa.`,
  },
  fr: {
    subject: (name, period) => `Rapport : ${name} (${period})`,
    body: (name, period) =>
      `Veuillez trouver ci-joint le rapport « ${name} » pour ${period}, en PDF et XLSX.`,
  },
};
