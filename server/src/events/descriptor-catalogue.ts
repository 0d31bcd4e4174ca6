import { LOCALES, type Locale } from '@solar/contract';

export interface DescriptorText {
  text: string;
  suggestion: string;
}

export interface EventDescriptor {
  code: string;
  /** 5 protect (P), 2 warning (W), 1 fault (F): see `eventLevelLetter`. */
  level: number;
  texts: Record<Locale, DescriptorText>;
}

/** [text, suggestion] per locale, in the order of LOCALES. */
type Row = readonly (readonly [string, string])[];

function descriptor(code: string, level: number, row: Row): EventDescriptor {
  const texts = Object.fromEntries(
    LOCALES.map((locale, index) => {
      const [text, suggestion] = row[index]!;
      return [locale, { text, suggestion }];
    }),
  ) as Record<Locale, DescriptorText>;
  return { code, level, texts };
}

/** The inverter codes the simulator raises and the portal explains. */
export const EVENT_DESCRIPTORS: readonly EventDescriptor[] = [
  descriptor('101', 5, [
    ['电网过压', '等待电网电压恢复；若频繁发生，请联系电网公司检查电压。'],
    [
      'Grid over-voltage',
      'Wait for the grid voltage to recover; if it recurs, ask the grid operator to check the voltage.',
    ],
    [
      'Sobretensión de red',
      'Espere a que se normalice la tensión; si se repite, pida a la distribuidora que la revise.',
    ],
    [
      'Netzüberspannung',
      'Warten, bis die Netzspannung sich normalisiert; bei Wiederholung den Netzbetreiber informieren.',
    ],
    [
      'Przepięcie sieci',
      'Poczekaj na powrót napięcia; jeśli się powtarza, zgłoś to operatorowi sieci.',
    ],
    [
      'Şebeke aşırı gerilimi',
      'Şebeke geriliminin düzelmesini bekleyin; tekrarlarsa dağıtım şirketine bildirin.',
    ],
    ['Přepětí sítě', 'Počkejte na obnovení napětí; pokud se opakuje, kontaktujte distributora.'],
    [
      'Υπέρταση δικτύου',
      'Περιμένετε να αποκατασταθεί η τάση· αν επαναλαμβάνεται, ενημερώστε τον διαχειριστή δικτύου.',
    ],
    [
      'Sobretensão da rede',
      'Aguarde a normalização da tensão; se repetir, contacte o operador da rede.',
    ],
    [
      'Sovratensione di rete',
      'Attendere il ritorno della tensione; se si ripete, contattare il distributore.',
    ],
    [
      'Overspænding på nettet',
      'Vent på at spændingen normaliseres; kontakt netselskabet hvis det gentager sig.',
    ],
    ['Verkon ylijännite', 'Odota jännitteen palautumista; jos toistuu, ota yhteys verkkoyhtiöön.'],
    [
      'Surtension réseau',
      'Attendez le retour de la tension ; si cela se répète, contactez le gestionnaire de réseau.',
    ],
  ]),
  descriptor('102', 5, [
    ['电网丢失', '检查交流断路器和电网连接；电网恢复后逆变器自动重启。'],
    [
      'Grid lost',
      'Check the AC breaker and grid connection; the inverter restarts by itself when the grid returns.',
    ],
    [
      'Pérdida de red',
      'Revise el interruptor de CA y la conexión; el inversor se reinicia al volver la red.',
    ],
    [
      'Netzausfall',
      'AC-Schutzschalter und Netzanschluss prüfen; der Wechselrichter startet bei Netzrückkehr selbst.',
    ],
    ['Brak sieci', 'Sprawdź wyłącznik AC i podłączenie; falownik uruchomi się po powrocie sieci.'],
    [
      'Şebeke kaybı',
      'AC sigortasını ve bağlantıyı kontrol edin; şebeke gelince invertör kendiliğinden başlar.',
    ],
    ['Výpadek sítě', 'Zkontrolujte AC jistič a připojení; měnič se po návratu sítě sám spustí.'],
    [
      'Απώλεια δικτύου',
      'Ελέγξτε τον διακόπτη AC· ο μετατροπέας επανεκκινεί όταν επανέλθει το δίκτυο.',
    ],
    [
      'Perda de rede',
      'Verifique o disjuntor CA e a ligação; o inversor reinicia quando a rede voltar.',
    ],
    [
      'Rete assente',
      "Controllare l'interruttore CA e il collegamento; l'inverter riparte al ritorno della rete.",
    ],
    [
      'Net mistet',
      'Kontrollér AC-afbryderen; inverteren genstarter selv, når nettet vender tilbage.',
    ],
    ['Verkkokatko', 'Tarkista AC-katkaisija; vaihtosuuntaaja käynnistyy itse verkon palattua.'],
    [
      'Perte du réseau',
      "Vérifiez le disjoncteur CA ; l'onduleur redémarre seul au retour du réseau.",
    ],
  ]),
  descriptor('201', 1, [
    ['绝缘故障', '检查光伏组串和电缆对地绝缘，排除故障前请勿触摸。'],
    [
      'Isolation fault',
      'Check the insulation of PV strings and cables to earth; do not touch until cleared.',
    ],
    [
      'Fallo de aislamiento',
      'Compruebe el aislamiento a tierra de strings y cables; no tocar hasta resolverlo.',
    ],
    [
      'Isolationsfehler',
      'Isolation der PV-Strings und Kabel gegen Erde prüfen; bis zur Klärung nicht berühren.',
    ],
    [
      'Błąd izolacji',
      'Sprawdź izolację łańcuchów PV i kabli względem ziemi; nie dotykaj do usunięcia.',
    ],
    [
      'Yalıtım hatası',
      'PV dizilerinin ve kabloların toprağa yalıtımını kontrol edin; giderilene kadar dokunmayın.',
    ],
    [
      'Chyba izolace',
      'Zkontrolujte izolaci stringů a kabelů vůči zemi; do odstranění se nedotýkejte.',
    ],
    ['Σφάλμα μόνωσης', 'Ελέγξτε τη μόνωση των στοιχειοσειρών και καλωδίων προς γη· μην αγγίζετε.'],
    [
      'Falha de isolamento',
      'Verifique o isolamento das strings e cabos à terra; não toque até resolver.',
    ],
    [
      'Guasto di isolamento',
      "Verificare l'isolamento verso terra di stringhe e cavi; non toccare fino alla risoluzione.",
    ],
    [
      'Isolationsfejl',
      'Kontrollér isolationen af strenge og kabler mod jord; rør ikke før fejlen er fundet.',
    ],
    ['Eristysvika', 'Tarkista PV-ketjujen ja kaapelien eristys maahan; älä koske ennen korjausta.'],
    [
      "Défaut d'isolement",
      "Vérifiez l'isolement des chaînes et câbles par rapport à la terre ; ne pas toucher.",
    ],
  ]),
  descriptor('202', 1, [
    ['电弧故障', '关闭直流开关，由专业人员检查连接器和电缆是否烧损。'],
    [
      'Arc fault',
      'Switch off the DC isolator and have a technician inspect connectors and cables for burns.',
    ],
    [
      'Fallo de arco',
      'Desconecte el seccionador de CC y haga revisar conectores y cables por un técnico.',
    ],
    [
      'Lichtbogenfehler',
      'DC-Trennschalter ausschalten und Stecker und Kabel von einer Fachkraft prüfen lassen.',
    ],
    ['Łuk elektryczny', 'Wyłącz rozłącznik DC i zleć sprawdzenie złączy i kabli technikowi.'],
    ['Ark hatası', 'DC ayırıcıyı kapatın; konnektör ve kabloları bir teknisyene kontrol ettirin.'],
    ['Obloukový zkrat', 'Vypněte DC odpojovač a nechte technika zkontrolovat konektory a kabely.'],
    ['Σφάλμα τόξου', 'Απενεργοποιήστε τον αποζεύκτη DC και ζητήστε έλεγχο συνδέσμων από τεχνικό.'],
    [
      'Falha de arco',
      'Desligue o seccionador CC e peça a um técnico para inspecionar conectores e cabos.',
    ],
    [
      'Guasto da arco',
      'Aprire il sezionatore CC e far controllare connettori e cavi da un tecnico.',
    ],
    ['Lysbuefejl', 'Slå DC-afbryderen fra, og lad en tekniker kontrollere stik og kabler.'],
    ['Valokaarivika', 'Katkaise DC-erotin ja tarkastuta liittimet ja kaapelit asentajalla.'],
    [
      "Défaut d'arc",
      'Coupez le sectionneur CC et faites inspecter connecteurs et câbles par un technicien.',
    ],
  ]),
  descriptor('203', 1, [
    ['光伏过压', '组串开路电压超过逆变器上限，请减少每串组件数量。'],
    [
      'PV over-voltage',
      'The string open-circuit voltage exceeds the inverter limit; reduce the modules per string.',
    ],
    [
      'Sobretensión FV',
      'La tensión en vacío supera el límite del inversor; reduzca los módulos por string.',
    ],
    [
      'PV-Überspannung',
      'Die Leerlaufspannung übersteigt die Grenze des Wechselrichters; Module pro String reduzieren.',
    ],
    [
      'Przepięcie PV',
      'Napięcie jałowe łańcucha przekracza limit falownika; zmniejsz liczbę modułów.',
    ],
    [
      'PV aşırı gerilimi',
      'Dizi açık devre gerilimi sınırı aşıyor; dizi başına modül sayısını azaltın.',
    ],
    [
      'Přepětí FV',
      'Napětí naprázdno stringu překračuje limit měniče; snižte počet panelů ve stringu.',
    ],
    [
      'Υπέρταση Φ/Β',
      'Η τάση ανοικτού κυκλώματος υπερβαίνει το όριο· μειώστε τα πάνελ ανά στοιχειοσειρά.',
    ],
    [
      'Sobretensão FV',
      'A tensão em vazio excede o limite do inversor; reduza os módulos por string.',
    ],
    ['Sovratensione FV', 'La tensione a vuoto supera il limite; ridurre i moduli per stringa.'],
    [
      'PV-overspænding',
      'Strengens tomgangsspænding overstiger grænsen; reducer antallet af moduler.',
    ],
    ['PV-ylijännite', 'Ketjun tyhjäkäyntijännite ylittää rajan; vähennä paneeleja ketjussa.'],
    [
      'Surtension PV',
      'La tension à vide dépasse la limite ; réduisez le nombre de modules par chaîne.',
    ],
  ]),
  descriptor('301', 2, [
    ['过温降额', '保持逆变器周围通风，避免阳光直射。'],
    [
      'Over-temperature derating',
      'Keep the area around the inverter ventilated and out of direct sun.',
    ],
    [
      'Reducción por sobretemperatura',
      'Mantenga ventilado el entorno del inversor y evite el sol directo.',
    ],
    [
      'Übertemperatur-Leistungsreduzierung',
      'Für Belüftung sorgen und direkte Sonneneinstrahlung vermeiden.',
    ],
    [
      'Ograniczenie mocy z powodu temperatury',
      'Zapewnij wentylację falownika i osłoń go przed słońcem.',
    ],
    ['Aşırı sıcaklık güç düşürme', 'İnvertör çevresini havalandırın ve doğrudan güneşten koruyun.'],
    ['Omezení výkonu přehřátím', 'Zajistěte větrání měniče a chraňte jej před přímým sluncem.'],
    ['Μείωση ισχύος λόγω θερμοκρασίας', 'Εξασφαλίστε αερισμό και προστατέψτε από τον άμεσο ήλιο.'],
    ['Redução por sobretemperatura', 'Mantenha o inversor ventilado e fora do sol direto.'],
    [
      'Riduzione per sovratemperatura',
      "Garantire la ventilazione dell'inverter ed evitare il sole diretto.",
    ],
    ['Effektreduktion pga. temperatur', 'Sørg for ventilation og undgå direkte sollys.'],
    ['Ylilämpötilan tehonrajoitus', 'Huolehdi tuuletuksesta ja suojaa suoralta auringolta.'],
    ['Bridage en surchauffe', "Assurez la ventilation de l'onduleur et évitez le soleil direct."],
  ]),
  descriptor('302', 2, [
    ['风扇故障', '检查风扇是否堵塞，必要时更换风扇。'],
    ['Fan failure', 'Check the fan for blockage and replace it if needed.'],
    [
      'Fallo del ventilador',
      'Compruebe si el ventilador está obstruido y sustitúyalo si es necesario.',
    ],
    ['Lüfterausfall', 'Lüfter auf Blockierung prüfen und bei Bedarf tauschen.'],
    [
      'Awaria wentylatora',
      'Sprawdź, czy wentylator nie jest zablokowany; w razie potrzeby wymień.',
    ],
    ['Fan arızası', 'Fanı tıkanıklık için kontrol edin, gerekirse değiştirin.'],
    ['Porucha ventilátoru', 'Zkontrolujte ventilátor a v případě potřeby jej vyměňte.'],
    [
      'Βλάβη ανεμιστήρα',
      'Ελέγξτε τον ανεμιστήρα για εμπόδια και αντικαταστήστε τον αν χρειάζεται.',
    ],
    [
      'Falha do ventilador',
      'Verifique se o ventilador está obstruído e substitua-o se necessário.',
    ],
    ['Guasto ventola', 'Controllare che la ventola non sia ostruita e sostituirla se necessario.'],
    ['Blæserfejl', 'Kontrollér blæseren for blokering og udskift den om nødvendigt.'],
    ['Tuuletinvika', 'Tarkista tuuletin tukkeumien varalta ja vaihda tarvittaessa.'],
    [
      'Panne du ventilateur',
      'Vérifiez que le ventilateur n’est pas obstrué et remplacez-le si besoin.',
    ],
  ]),
  descriptor('401', 2, [
    ['通信丢失', '检查数据采集器与逆变器之间的RS485/无线连接。'],
    [
      'Communication loss',
      'Check the RS485 or wireless link between the datalogger and the inverter.',
    ],
    [
      'Pérdida de comunicación',
      'Revise el enlace RS485 o inalámbrico entre el datalogger y el inversor.',
    ],
    [
      'Kommunikationsverlust',
      'RS485- oder Funkverbindung zwischen Datenlogger und Wechselrichter prüfen.',
    ],
    [
      'Utrata komunikacji',
      'Sprawdź łącze RS485 lub bezprzewodowe między rejestratorem a falownikiem.',
    ],
    [
      'İletişim kaybı',
      'Veri kaydedici ile invertör arasındaki RS485 veya kablosuz bağlantıyı kontrol edin.',
    ],
    [
      'Ztráta komunikace',
      'Zkontrolujte spojení RS485 nebo bezdrátové spojení mezi loggerem a měničem.',
    ],
    [
      'Απώλεια επικοινωνίας',
      'Ελέγξτε τη σύνδεση RS485 ή ασύρματη μεταξύ καταγραφικού και μετατροπέα.',
    ],
    [
      'Perda de comunicação',
      'Verifique a ligação RS485 ou sem fios entre o datalogger e o inversor.',
    ],
    [
      'Perdita di comunicazione',
      'Verificare il collegamento RS485 o wireless tra datalogger e inverter.',
    ],
    [
      'Kommunikationstab',
      'Kontrollér RS485- eller trådløs forbindelse mellem datalogger og inverter.',
    ],
    [
      'Tiedonsiirtokatko',
      'Tarkista RS485- tai langaton yhteys tiedonkeräimen ja vaihtosuuntaajan välillä.',
    ],
    [
      'Perte de communication',
      "Vérifiez la liaison RS485 ou sans fil entre l'enregistreur et l'onduleur.",
    ],
  ]),
];

export const DESCRIPTOR_CODES = EVENT_DESCRIPTORS.map((d) => d.code);
