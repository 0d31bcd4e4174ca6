import type { Locale } from '@solar/contract';

interface Agreement {
  title: string;
  sections: { heading: string; body: string }[];
}

/** The agreement shown on sign-up, in each of the 13 interface languages. */
export const AGREEMENTS: Record<Locale, Agreement> = {
  zh_CN: {
    title: '用户协议与隐私政策',
    sections: [
      {
        heading: '1. 服务内容',
        body: '本平台为光伏电站及其设备提供远程监控、数据统计、告警通知与设备管理服务。',
      },
      {
        heading: '2. 账号与安全',
        body: '您应妥善保管账号和密码，对账号下的所有操作负责。发现账号被盗用时请立即修改密码并联系我们。',
      },
      {
        heading: '3. 数据的收集与使用',
        body: '我们仅收集提供服务所必需的信息：账号信息、电站信息以及设备上报的运行数据。这些数据仅用于向您及您授权的人员展示电站状态，不会出售给第三方。',
      },
      {
        heading: '4. 数据共享',
        body: '只有在您主动分享电站、加入公司或法律要求时，相关数据才会被他人访问。',
      },
      {
        heading: '5. 责任限制',
        body: '平台展示的数据来源于设备上报，可能因网络或设备原因存在延迟或偏差，不作为结算依据。',
      },
      {
        heading: '6. 协议变更',
        body: '协议更新时我们会在平台内通知您；继续使用即表示您接受更新后的协议。',
      },
    ],
  },
  en: {
    title: 'User agreement and privacy policy',
    sections: [
      {
        heading: '1. The service',
        body: 'This portal provides remote monitoring, statistics, alarm notification and device management for photovoltaic plants and their devices.',
      },
      {
        heading: '2. Your account',
        body: 'Keep your account and password safe; you are responsible for everything done with your account. If you suspect misuse, change your password at once and contact us.',
      },
      {
        heading: '3. Data we collect and why',
        body: 'We collect only what the service needs: account details, plant details and the operating data your devices report. It is used to show plant status to you and the people you authorise, and is never sold.',
      },
      {
        heading: '4. Sharing',
        body: 'Others see your data only when you share a plant, join a company, or the law requires it.',
      },
      {
        heading: '5. Limits',
        body: 'Figures come from device reports and may be delayed or inaccurate because of network or device issues; they are not a basis for billing.',
      },
      {
        heading: '6. Changes',
        body: 'When this agreement changes we tell you in the portal; using the portal afterwards means you accept the new version.',
      },
    ],
  },
  es: {
    title: 'Acuerdo de usuario y política de privacidad',
    sections: [
      {
        heading: '1. El servicio',
        body: 'Este portal ofrece supervisión remota, estadísticas, notificación de alarmas y gestión de dispositivos para plantas fotovoltaicas y sus equipos.',
      },
      {
        heading: '2. Su cuenta',
        body: 'Guarde su cuenta y su contraseña en un lugar seguro; usted es responsable de todo lo que se haga con su cuenta. Si sospecha un uso indebido, cambie su contraseña de inmediato y contáctenos.',
      },
      {
        heading: '3. Qué datos recogemos y por qué',
        body: 'Solo recogemos lo que el servicio necesita: datos de la cuenta, datos de la planta y los datos de funcionamiento que envían sus dispositivos. Se usan para mostrar el estado de la planta a usted y a las personas que usted autorice, y nunca se venden.',
      },
      {
        heading: '4. Compartir',
        body: 'Otras personas solo ven sus datos cuando usted comparte una planta, se une a una empresa o la ley lo exige.',
      },
      {
        heading: '5. Límites',
        body: 'Las cifras proceden de los informes de los dispositivos y pueden llegar con retraso o ser inexactas por problemas de red o de los equipos; no sirven de base para la facturación.',
      },
      {
        heading: '6. Cambios',
        body: 'Cuando este acuerdo cambie, se lo comunicaremos en el portal; seguir usando el portal significa que acepta la nueva versión.',
      },
    ],
  },
  de: {
    title: 'Nutzungsvereinbarung und Datenschutzerklärung',
    sections: [
      {
        heading: '1. Der Dienst',
        body: 'Dieses Portal bietet Fernüberwachung, Statistiken, Alarmbenachrichtigungen und Geräteverwaltung für Photovoltaikanlagen und ihre Geräte.',
      },
      {
        heading: '2. Ihr Konto',
        body: 'Bewahren Sie Konto und Passwort sicher auf; Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht. Bei Verdacht auf Missbrauch ändern Sie sofort Ihr Passwort und kontaktieren Sie uns.',
      },
      {
        heading: '3. Welche Daten wir erheben und warum',
        body: 'Wir erheben nur, was der Dienst braucht: Kontodaten, Anlagendaten und die Betriebsdaten, die Ihre Geräte melden. Sie dienen dazu, Ihnen und den von Ihnen berechtigten Personen den Zustand der Anlage zu zeigen, und werden niemals verkauft.',
      },
      {
        heading: '4. Weitergabe',
        body: 'Andere sehen Ihre Daten nur, wenn Sie eine Anlage teilen, einem Unternehmen beitreten oder das Gesetz es verlangt.',
      },
      {
        heading: '5. Grenzen',
        body: 'Die Werte stammen aus Gerätemeldungen und können wegen Netz- oder Geräteproblemen verzögert oder ungenau sein; sie sind keine Grundlage für Abrechnungen.',
      },
      {
        heading: '6. Änderungen',
        body: 'Ändert sich diese Vereinbarung, informieren wir Sie im Portal; wer das Portal danach weiter nutzt, akzeptiert die neue Fassung.',
      },
    ],
  },
  po: {
    title: 'Umowa użytkownika i polityka prywatności',
    sections: [
      {
        heading: '1. Usługa',
        body: 'Ten portal zapewnia zdalny monitoring, statystyki, powiadomienia o alarmach i zarządzanie urządzeniami dla elektrowni fotowoltaicznych i ich urządzeń.',
      },
      {
        heading: '2. Twoje konto',
        body: 'Chroń swoje konto i hasło; odpowiadasz za wszystko, co dzieje się na Twoim koncie. Jeśli podejrzewasz nadużycie, natychmiast zmień hasło i skontaktuj się z nami.',
      },
      {
        heading: '3. Jakie dane zbieramy i dlaczego',
        body: 'Zbieramy tylko to, czego usługa potrzebuje: dane konta, dane elektrowni i dane pracy przesyłane przez Twoje urządzenia. Służą one do pokazywania stanu elektrowni Tobie i osobom, które upoważnisz, i nigdy nie są sprzedawane.',
      },
      {
        heading: '4. Udostępnianie',
        body: 'Inni widzą Twoje dane tylko wtedy, gdy udostępnisz elektrownię, dołączysz do firmy lub wymaga tego prawo.',
      },
      {
        heading: '5. Ograniczenia',
        body: 'Wartości pochodzą z raportów urządzeń i mogą być opóźnione lub niedokładne z powodu problemów z siecią lub urządzeniami; nie stanowią podstawy do rozliczeń.',
      },
      {
        heading: '6. Zmiany',
        body: 'Gdy ta umowa się zmieni, poinformujemy Cię w portalu; dalsze korzystanie z portalu oznacza akceptację nowej wersji.',
      },
    ],
  },
  tr: {
    title: 'Kullanıcı sözleşmesi ve gizlilik politikası',
    sections: [
      {
        heading: '1. Hizmet',
        body: 'Bu portal, fotovoltaik santraller ve cihazları için uzaktan izleme, istatistik, alarm bildirimi ve cihaz yönetimi sağlar.',
      },
      {
        heading: '2. Hesabınız',
        body: 'Hesabınızı ve parolanızı güvende tutun; hesabınızla yapılan her şeyden siz sorumlusunuz. Kötüye kullanımdan şüphelenirseniz parolanızı hemen değiştirin ve bizimle iletişime geçin.',
      },
      {
        heading: '3. Topladığımız veriler ve nedeni',
        body: 'Yalnızca hizmetin ihtiyaç duyduğu verileri toplarız: hesap bilgileri, santral bilgileri ve cihazlarınızın bildirdiği çalışma verileri. Bu veriler santralin durumunu size ve yetkilendirdiğiniz kişilere göstermek için kullanılır ve asla satılmaz.',
      },
      {
        heading: '4. Paylaşım',
        body: 'Başkaları verilerinizi yalnızca bir santrali paylaştığınızda, bir şirkete katıldığınızda veya yasa gerektirdiğinde görür.',
      },
      {
        heading: '5. Sınırlar',
        body: 'Değerler cihaz bildirimlerinden gelir ve ağ ya da cihaz sorunları nedeniyle gecikebilir veya hatalı olabilir; faturalandırma için esas alınamaz.',
      },
      {
        heading: '6. Değişiklikler',
        body: 'Bu sözleşme değiştiğinde sizi portalda bilgilendiririz; portalı kullanmaya devam etmeniz yeni sürümü kabul ettiğiniz anlamına gelir.',
      },
    ],
  },
  cz: {
    title: 'Uživatelská smlouva a zásady ochrany osobních údajů',
    sections: [
      {
        heading: '1. Služba',
        body: 'Tento portál poskytuje vzdálený dohled, statistiky, oznamování alarmů a správu zařízení pro fotovoltaické elektrárny a jejich zařízení.',
      },
      {
        heading: '2. Váš účet',
        body: 'Chraňte svůj účet a heslo; odpovídáte za vše, co se s vaším účtem děje. Máte-li podezření na zneužití, ihned změňte heslo a kontaktujte nás.',
      },
      {
        heading: '3. Jaké údaje shromažďujeme a proč',
        body: 'Shromažďujeme jen to, co služba potřebuje: údaje o účtu, údaje o elektrárně a provozní data, která hlásí vaše zařízení. Slouží k zobrazení stavu elektrárny vám a osobám, které pověříte, a nikdy se neprodávají.',
      },
      {
        heading: '4. Sdílení',
        body: 'Ostatní vidí vaše údaje jen tehdy, když sdílíte elektrárnu, připojíte se ke společnosti nebo to vyžaduje zákon.',
      },
      {
        heading: '5. Omezení',
        body: 'Hodnoty pocházejí z hlášení zařízení a kvůli problémům se sítí nebo zařízením mohou být zpožděné nebo nepřesné; nejsou podkladem pro vyúčtování.',
      },
      {
        heading: '6. Změny',
        body: 'Když se tato smlouva změní, oznámíme vám to v portálu; další používání portálu znamená, že novou verzi přijímáte.',
      },
    ],
  },
  el: {
    title: 'Συμφωνία χρήστη και πολιτική απορρήτου',
    sections: [
      {
        heading: '1. Η υπηρεσία',
        body: 'Αυτή η πύλη παρέχει απομακρυσμένη παρακολούθηση, στατιστικά, ειδοποιήσεις συναγερμών και διαχείριση συσκευών για φωτοβολταϊκούς σταθμούς και τις συσκευές τους.',
      },
      {
        heading: '2. Ο λογαριασμός σας',
        body: 'Φυλάξτε με ασφάλεια τον λογαριασμό και τον κωδικό σας· είστε υπεύθυνοι για ό,τι γίνεται με τον λογαριασμό σας. Αν υποψιάζεστε κατάχρηση, αλλάξτε αμέσως τον κωδικό σας και επικοινωνήστε μαζί μας.',
      },
      {
        heading: '3. Ποια δεδομένα συλλέγουμε και γιατί',
        body: 'Συλλέγουμε μόνο όσα χρειάζεται η υπηρεσία: στοιχεία λογαριασμού, στοιχεία σταθμού και τα δεδομένα λειτουργίας που αναφέρουν οι συσκευές σας. Χρησιμοποιούνται για να βλέπετε εσείς και όσοι εξουσιοδοτείτε την κατάσταση του σταθμού και δεν πωλούνται ποτέ.',
      },
      {
        heading: '4. Κοινοποίηση',
        body: 'Άλλοι βλέπουν τα δεδομένα σας μόνο όταν κοινοποιείτε έναν σταθμό, εντάσσεστε σε μια εταιρεία ή το απαιτεί ο νόμος.',
      },
      {
        heading: '5. Όρια',
        body: 'Οι τιμές προέρχονται από αναφορές των συσκευών και μπορεί να καθυστερούν ή να είναι ανακριβείς λόγω προβλημάτων δικτύου ή συσκευών· δεν αποτελούν βάση για τιμολόγηση.',
      },
      {
        heading: '6. Αλλαγές',
        body: 'Όταν αλλάζει αυτή η συμφωνία, σας ενημερώνουμε στην πύλη· η συνέχιση της χρήσης σημαίνει ότι αποδέχεστε τη νέα έκδοση.',
      },
    ],
  },
  pt: {
    title: 'Acordo de utilizador e política de privacidade',
    sections: [
      {
        heading: '1. O serviço',
        body: 'Este portal oferece monitorização remota, estatísticas, notificação de alarmes e gestão de dispositivos para centrais fotovoltaicas e os seus equipamentos.',
      },
      {
        heading: '2. A sua conta',
        body: 'Guarde a sua conta e a sua palavra-passe em segurança; é responsável por tudo o que for feito com a sua conta. Se suspeitar de uso indevido, altere a palavra-passe de imediato e contacte-nos.',
      },
      {
        heading: '3. Que dados recolhemos e porquê',
        body: 'Recolhemos apenas o que o serviço precisa: dados da conta, dados da central e os dados de funcionamento que os seus dispositivos enviam. Servem para mostrar o estado da central a si e às pessoas que autorizar, e nunca são vendidos.',
      },
      {
        heading: '4. Partilha',
        body: 'Outras pessoas só veem os seus dados quando partilha uma central, se junta a uma empresa ou a lei o exige.',
      },
      {
        heading: '5. Limites',
        body: 'Os valores vêm dos relatórios dos dispositivos e podem chegar atrasados ou ser imprecisos devido a problemas de rede ou dos equipamentos; não servem de base para faturação.',
      },
      {
        heading: '6. Alterações',
        body: 'Quando este acordo mudar, avisamos no portal; continuar a usar o portal significa que aceita a nova versão.',
      },
    ],
  },
  it: {
    title: "Contratto d'uso e informativa sulla privacy",
    sections: [
      {
        heading: '1. Il servizio',
        body: 'Questo portale offre monitoraggio remoto, statistiche, notifica degli allarmi e gestione dei dispositivi per impianti fotovoltaici e i loro apparecchi.',
      },
      {
        heading: '2. Il tuo account',
        body: 'Custodisci con cura account e password; sei responsabile di tutto ciò che viene fatto con il tuo account. Se sospetti un uso improprio, cambia subito la password e contattaci.',
      },
      {
        heading: '3. Quali dati raccogliamo e perché',
        body: "Raccogliamo solo ciò che serve al servizio: dati dell'account, dati dell'impianto e i dati di funzionamento inviati dai tuoi dispositivi. Servono a mostrare lo stato dell'impianto a te e alle persone che autorizzi e non vengono mai venduti.",
      },
      {
        heading: '4. Condivisione',
        body: "Altri vedono i tuoi dati solo quando condividi un impianto, entri in un'azienda o la legge lo richiede.",
      },
      {
        heading: '5. Limiti',
        body: 'I valori provengono dai dati inviati dai dispositivi e possono essere in ritardo o imprecisi per problemi di rete o dei dispositivi; non costituiscono una base per la fatturazione.',
      },
      {
        heading: '6. Modifiche',
        body: 'Quando questo contratto cambia te lo comunichiamo nel portale; continuare a usare il portale significa accettare la nuova versione.',
      },
    ],
  },
  da: {
    title: 'Brugeraftale og privatlivspolitik',
    sections: [
      {
        heading: '1. Tjenesten',
        body: 'Denne portal tilbyder fjernovervågning, statistik, alarmmeddelelser og enhedsstyring for solcelleanlæg og deres enheder.',
      },
      {
        heading: '2. Din konto',
        body: 'Pas godt på din konto og din adgangskode; du er ansvarlig for alt, der sker med din konto. Har du mistanke om misbrug, så skift straks adgangskode og kontakt os.',
      },
      {
        heading: '3. Hvilke data vi indsamler og hvorfor',
        body: 'Vi indsamler kun det, tjenesten har brug for: kontooplysninger, anlægsoplysninger og de driftsdata, dine enheder indberetter. De bruges til at vise anlæggets tilstand for dig og de personer, du giver adgang, og de sælges aldrig.',
      },
      {
        heading: '4. Deling',
        body: 'Andre ser kun dine data, når du deler et anlæg, bliver medlem af en virksomhed, eller loven kræver det.',
      },
      {
        heading: '5. Begrænsninger',
        body: 'Tallene kommer fra enhedernes indberetninger og kan være forsinkede eller unøjagtige på grund af netværks- eller enhedsproblemer; de er ikke grundlag for afregning.',
      },
      {
        heading: '6. Ændringer',
        body: 'Når aftalen ændres, giver vi dig besked i portalen; fortsat brug af portalen betyder, at du accepterer den nye version.',
      },
    ],
  },
  fi: {
    title: 'Käyttäjäsopimus ja tietosuojakäytäntö',
    sections: [
      {
        heading: '1. Palvelu',
        body: 'Tämä portaali tarjoaa etävalvonnan, tilastot, hälytysilmoitukset ja laitehallinnan aurinkovoimaloille ja niiden laitteille.',
      },
      {
        heading: '2. Tilisi',
        body: 'Säilytä tilisi ja salasanasi turvassa; vastaat kaikesta, mitä tililläsi tehdään. Jos epäilet väärinkäyttöä, vaihda salasana heti ja ota meihin yhteyttä.',
      },
      {
        heading: '3. Mitä tietoja keräämme ja miksi',
        body: 'Keräämme vain sen, mitä palvelu tarvitsee: tilin tiedot, voimalan tiedot ja laitteidesi lähettämät käyttötiedot. Niillä näytetään voimalan tila sinulle ja valtuuttamillesi henkilöille, eikä niitä koskaan myydä.',
      },
      {
        heading: '4. Jakaminen',
        body: 'Muut näkevät tietosi vain, kun jaat voimalan, liityt yritykseen tai laki sitä edellyttää.',
      },
      {
        heading: '5. Rajoitukset',
        body: 'Luvut perustuvat laitteiden ilmoituksiin ja voivat viivästyä tai olla epätarkkoja verkko- tai laiteongelmien vuoksi; ne eivät ole laskutuksen peruste.',
      },
      {
        heading: '6. Muutokset',
        body: 'Kun tämä sopimus muuttuu, kerromme siitä portaalissa; portaalin käytön jatkaminen tarkoittaa, että hyväksyt uuden version.',
      },
    ],
  },
  fr: {
    title: "Conditions d'utilisation et politique de confidentialité",
    sections: [
      {
        heading: '1. Le service',
        body: 'Ce portail assure la surveillance à distance, les statistiques, la notification des alarmes et la gestion des appareils des centrales photovoltaïques et de leurs équipements.',
      },
      {
        heading: '2. Votre compte',
        body: 'Gardez votre compte et votre mot de passe en sécurité ; vous êtes responsable de tout ce qui est fait avec votre compte. Si vous soupçonnez un usage abusif, changez immédiatement votre mot de passe et contactez-nous.',
      },
      {
        heading: '3. Les données collectées et pourquoi',
        body: "Nous ne collectons que ce dont le service a besoin : les données du compte, les données de la centrale et les données de fonctionnement envoyées par vos appareils. Elles servent à montrer l'état de la centrale à vous et aux personnes que vous autorisez, et ne sont jamais vendues.",
      },
      {
        heading: '4. Partage',
        body: "D'autres personnes ne voient vos données que si vous partagez une centrale, rejoignez une entreprise ou si la loi l'exige.",
      },
      {
        heading: '5. Limites',
        body: "Les valeurs proviennent des relevés des appareils et peuvent être retardées ou inexactes en raison de problèmes de réseau ou d'appareil ; elles ne servent pas de base à la facturation.",
      },
      {
        heading: '6. Modifications',
        body: 'Lorsque ces conditions changent, nous vous en informons dans le portail ; continuer à utiliser le portail vaut acceptation de la nouvelle version.',
      },
    ],
  },
};
