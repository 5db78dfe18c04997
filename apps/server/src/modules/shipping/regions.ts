import type { Country, Regions } from '@wallx/shared';

// First-level subdivisions (ISO 3166-2 codes) of the countries an address may be in: the English
// name and the local one. Country names are the browser's (Intl.DisplayNames), in every language.
type Province = readonly [code: string, name: string, localName: string];

const CN: readonly Province[] = [
  ['CN-BJ', 'Beijing', '北京市'], ['CN-TJ', 'Tianjin', '天津市'], ['CN-HE', 'Hebei', '河北省'], ['CN-SX', 'Shanxi', '山西省'],
  ['CN-NM', 'Inner Mongolia', '内蒙古自治区'], ['CN-LN', 'Liaoning', '辽宁省'], ['CN-JL', 'Jilin', '吉林省'], ['CN-HL', 'Heilongjiang', '黑龙江省'],
  ['CN-SH', 'Shanghai', '上海市'], ['CN-JS', 'Jiangsu', '江苏省'], ['CN-ZJ', 'Zhejiang', '浙江省'], ['CN-AH', 'Anhui', '安徽省'],
  ['CN-FJ', 'Fujian', '福建省'], ['CN-JX', 'Jiangxi', '江西省'], ['CN-SD', 'Shandong', '山东省'], ['CN-HA', 'Henan', '河南省'],
  ['CN-HB', 'Hubei', '湖北省'], ['CN-HN', 'Hunan', '湖南省'], ['CN-GD', 'Guangdong', '广东省'], ['CN-GX', 'Guangxi', '广西壮族自治区'],
  ['CN-HI', 'Hainan', '海南省'], ['CN-CQ', 'Chongqing', '重庆市'], ['CN-SC', 'Sichuan', '四川省'], ['CN-GZ', 'Guizhou', '贵州省'],
  ['CN-YN', 'Yunnan', '云南省'], ['CN-XZ', 'Tibet', '西藏自治区'], ['CN-SN', 'Shaanxi', '陕西省'], ['CN-GS', 'Gansu', '甘肃省'],
  ['CN-QH', 'Qinghai', '青海省'], ['CN-NX', 'Ningxia', '宁夏回族自治区'], ['CN-XJ', 'Xinjiang', '新疆维吾尔自治区'],
  ['CN-HK', 'Hong Kong', '香港特别行政区'], ['CN-MO', 'Macao', '澳门特别行政区'], ['CN-TW', 'Taiwan', '台湾省'],
];

const JP: readonly Province[] = [
  ['JP-01', 'Hokkaido', '北海道'], ['JP-02', 'Aomori', '青森県'], ['JP-03', 'Iwate', '岩手県'], ['JP-04', 'Miyagi', '宮城県'],
  ['JP-05', 'Akita', '秋田県'], ['JP-06', 'Yamagata', '山形県'], ['JP-07', 'Fukushima', '福島県'], ['JP-08', 'Ibaraki', '茨城県'],
  ['JP-09', 'Tochigi', '栃木県'], ['JP-10', 'Gunma', '群馬県'], ['JP-11', 'Saitama', '埼玉県'], ['JP-12', 'Chiba', '千葉県'],
  ['JP-13', 'Tokyo', '東京都'], ['JP-14', 'Kanagawa', '神奈川県'], ['JP-15', 'Niigata', '新潟県'], ['JP-16', 'Toyama', '富山県'],
  ['JP-17', 'Ishikawa', '石川県'], ['JP-18', 'Fukui', '福井県'], ['JP-19', 'Yamanashi', '山梨県'], ['JP-20', 'Nagano', '長野県'],
  ['JP-21', 'Gifu', '岐阜県'], ['JP-22', 'Shizuoka', '静岡県'], ['JP-23', 'Aichi', '愛知県'], ['JP-24', 'Mie', '三重県'],
  ['JP-25', 'Shiga', '滋賀県'], ['JP-26', 'Kyoto', '京都府'], ['JP-27', 'Osaka', '大阪府'], ['JP-28', 'Hyogo', '兵庫県'],
  ['JP-29', 'Nara', '奈良県'], ['JP-30', 'Wakayama', '和歌山県'], ['JP-31', 'Tottori', '鳥取県'], ['JP-32', 'Shimane', '島根県'],
  ['JP-33', 'Okayama', '岡山県'], ['JP-34', 'Hiroshima', '広島県'], ['JP-35', 'Yamaguchi', '山口県'], ['JP-36', 'Tokushima', '徳島県'],
  ['JP-37', 'Kagawa', '香川県'], ['JP-38', 'Ehime', '愛媛県'], ['JP-39', 'Kochi', '高知県'], ['JP-40', 'Fukuoka', '福岡県'],
  ['JP-41', 'Saga', '佐賀県'], ['JP-42', 'Nagasaki', '長崎県'], ['JP-43', 'Kumamoto', '熊本県'], ['JP-44', 'Oita', '大分県'],
  ['JP-45', 'Miyazaki', '宮崎県'], ['JP-46', 'Kagoshima', '鹿児島県'], ['JP-47', 'Okinawa', '沖縄県'],
];

const KR: readonly Province[] = [
  ['KR-11', 'Seoul', '서울특별시'], ['KR-26', 'Busan', '부산광역시'], ['KR-27', 'Daegu', '대구광역시'], ['KR-28', 'Incheon', '인천광역시'],
  ['KR-29', 'Gwangju', '광주광역시'], ['KR-30', 'Daejeon', '대전광역시'], ['KR-31', 'Ulsan', '울산광역시'], ['KR-50', 'Sejong', '세종특별자치시'],
  ['KR-41', 'Gyeonggi', '경기도'], ['KR-51', 'Gangwon', '강원특별자치도'], ['KR-43', 'North Chungcheong', '충청북도'],
  ['KR-44', 'South Chungcheong', '충청남도'], ['KR-52', 'Jeonbuk', '전북특별자치도'], ['KR-46', 'South Jeolla', '전라남도'],
  ['KR-47', 'North Gyeongsang', '경상북도'], ['KR-48', 'South Gyeongsang', '경상남도'], ['KR-49', 'Jeju', '제주특별자치도'],
];

const ID: readonly Province[] = [
  ['ID-AC', 'Aceh', 'Aceh'], ['ID-SU', 'North Sumatra', 'Sumatera Utara'], ['ID-SB', 'West Sumatra', 'Sumatera Barat'],
  ['ID-RI', 'Riau', 'Riau'], ['ID-KR', 'Riau Islands', 'Kepulauan Riau'], ['ID-JA', 'Jambi', 'Jambi'],
  ['ID-SS', 'South Sumatra', 'Sumatera Selatan'], ['ID-BB', 'Bangka Belitung Islands', 'Kepulauan Bangka Belitung'],
  ['ID-BE', 'Bengkulu', 'Bengkulu'], ['ID-LA', 'Lampung', 'Lampung'], ['ID-JK', 'Jakarta', 'DKI Jakarta'],
  ['ID-BT', 'Banten', 'Banten'], ['ID-JB', 'West Java', 'Jawa Barat'], ['ID-JT', 'Central Java', 'Jawa Tengah'],
  ['ID-YO', 'Yogyakarta', 'DI Yogyakarta'], ['ID-JI', 'East Java', 'Jawa Timur'], ['ID-BA', 'Bali', 'Bali'],
  ['ID-NB', 'West Nusa Tenggara', 'Nusa Tenggara Barat'], ['ID-NT', 'East Nusa Tenggara', 'Nusa Tenggara Timur'],
  ['ID-KB', 'West Kalimantan', 'Kalimantan Barat'], ['ID-KT', 'Central Kalimantan', 'Kalimantan Tengah'],
  ['ID-KS', 'South Kalimantan', 'Kalimantan Selatan'], ['ID-KI', 'East Kalimantan', 'Kalimantan Timur'],
  ['ID-KU', 'North Kalimantan', 'Kalimantan Utara'], ['ID-SA', 'North Sulawesi', 'Sulawesi Utara'],
  ['ID-GO', 'Gorontalo', 'Gorontalo'], ['ID-ST', 'Central Sulawesi', 'Sulawesi Tengah'], ['ID-SR', 'West Sulawesi', 'Sulawesi Barat'],
  ['ID-SN', 'South Sulawesi', 'Sulawesi Selatan'], ['ID-SG', 'Southeast Sulawesi', 'Sulawesi Tenggara'],
  ['ID-MA', 'Maluku', 'Maluku'], ['ID-MU', 'North Maluku', 'Maluku Utara'], ['ID-PA', 'Papua', 'Papua'],
  ['ID-PB', 'West Papua', 'Papua Barat'], ['ID-PD', 'Southwest Papua', 'Papua Barat Daya'], ['ID-PT', 'Central Papua', 'Papua Tengah'],
  ['ID-PE', 'Highland Papua', 'Papua Pegunungan'], ['ID-PS', 'South Papua', 'Papua Selatan'],
];

const US: readonly Province[] = (
  [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
    ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
    ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
    ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
    ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
    ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'],
    ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'],
    ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
    ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ] as const
).map(([code, name]) => [`US-${code}`, name, name] as const);

const provinces: Record<Country, readonly Province[]> = { CN, JP, KR, ID, US };

export const regions: Regions = (Object.keys(provinces) as Country[]).map((country) => ({
  country,
  provinces: provinces[country].map(([code, name, localName]) => ({ code, name, local_name: localName })),
}));

export function isProvinceOf(country: Country, province: string): boolean {
  return provinces[country].some(([code]) => code === province);
}
