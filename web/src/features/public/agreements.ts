export type AgreementLanguage = 'zh' | 'en';

interface Agreement {
  title: string;
  sections: { heading: string; body: string }[];
}

export const AGREEMENTS: Record<AgreementLanguage, Agreement> = {
  zh: {
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
};
