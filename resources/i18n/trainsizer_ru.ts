<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="49"/>
        <source>Compare two runs</source>
        <translation>Сравнение двух прогонов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="54"/>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="55"/>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="57"/>
        <source>What changed: %1</source>
        <translation>Что изменилось: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="57"/>
        <source>nothing in the spec</source>
        <translation>в спецификации ничего</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="61"/>
        <source>the same machine and software</source>
        <translation>та же машина и то же ПО</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="62"/>
        <source>Where they ran: %1</source>
        <translation>Где выполнялись: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="68"/>
        <source>time</source>
        <translation>время</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="90"/>
        <source>measured</source>
        <translation>измерено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="114"/>
        <source>Step time: A %1 s, B %2 s (B ÷ A %3)</source>
        <translation>Время шага: A %1 с, B %2 с (B ÷ A %3)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="125"/>
        <source>Tokens/s: A %1, B %2</source>
        <translation>Токенов/с: A %1, B %2</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/compare_dialog.py" line="127"/>
        <source>Verdict: A %1, B %2</source>
        <translation>Вердикт: A %1, B %2</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <location filename="../../trainsizer/gui/i18n.py" line="114"/>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/i18n.py" line="115"/>
        <source>%1 min %2 s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/i18n.py" line="116"/>
        <source>%1 h</source>
        <translation>%1 ч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/i18n.py" line="117"/>
        <source>%1 d</source>
        <translation>%1 дн.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/i18n.py" line="130"/>
        <source>s</source>
        <translation>с</translation>
    </message>
</context>
<context>
    <name>EstimatePanel</name>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="111"/>
        <source>Working set (estimate)</source>
        <translation>Рабочий набор (оценка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="122"/>
        <source>Waiting for a valid specification…</source>
        <translation>Ожидание корректной спецификации…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="163"/>
        <source>The specification has errors: %1 — %2 (shown beside the field)</source>
        <translation>В спецификации есть ошибки: %1 — %2 (показано рядом с полем)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="169"/>
        <source>The specification has errors (see the form).</source>
        <translation>В спецификации есть ошибки (см. форму).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="176"/>
        <source>Estimating…</source>
        <translation>Оценка…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="176"/>
        <source>Tracing the model…</source>
        <translation>Трассировка модели…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="191"/>
        <source>No estimate: %1</source>
        <translation>Нет оценки: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="198"/>
        <source>%1 (each of %2)</source>
        <translation>%1 (каждое из %2)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="204"/>
        <source>host</source>
        <translation>хост</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="225"/>
        <source>Does not fit: needs %1 on %2, has %3; peak at %4</source>
        <translation>Не помещается: нужно %1 на %2, есть %3; пик на этапе «%4»</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="233"/>
        <source>Fit unknown: a device&apos;s capacity is not available</source>
        <translation>Неизвестно, помещается ли: объём памяти устройства недоступен</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="237"/>
        <source>Fits ✓ peak %1 of %2 on %3 (headroom %4 %); peak at %5</source>
        <translation>Помещается ✓ пик %1 из %2 на %3 (запас %4 %); пик на этапе «%5»</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="251"/>
        <source>Predicted step: %1, %2 tokens/s</source>
        <translation>Прогноз шага: %1, %2 токенов/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="260"/>
        <source>Largest micro-batch that fits: %1; longest sequence: %2</source>
        <translation>Наибольший микробатч, который помещается: %1; наибольшая длина последовательности: %2</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="269"/>
        <source>Placement: %1 data-parallel × %2 model-parallel = %3 devices on %4 node(s)</source>
        <translation>Размещение: %1 по данным × %2 по модели = %3 устройств на %4 узл.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="279"/>
        <source>Advice: %1 (saves %2, peak %3)</source>
        <translation>Совет: %1 (экономит %2, пик %3)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="291"/>
        <source>Together: %1 → %2 of %3, fits</source>
        <translation>Вместе: %1 → %2 из %3, помещается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/estimate_panel.py" line="300"/>
        <source>Closest: %1 → %2 of %3, lacks %4; the Plan tab finds more GPUs</source>
        <translation>Ближе всего: %1 → %2 из %3, не хватает %4; вкладка «План» подберёт больше GPU</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="40"/>
        <source>Export the acceptance report</source>
        <translation>Экспорт акта приёмки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="42"/>
        <source>Draft a hardware-selection request</source>
        <translation>Черновик запроса на подбор оборудования</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="48"/>
        <source>HTML (self-contained)</source>
        <translation>HTML (самодостаточный)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="50"/>
        <source>Markdown / plain text</source>
        <translation>Markdown / простой текст</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="50"/>
        <source>E-mail draft (.eml)</source>
        <translation>Черновик письма (.eml)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="53"/>
        <source>Format</source>
        <translation>Формат</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="58"/>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="59"/>
        <source>Redact host and user names, paths, serial numbers and UUIDs</source>
        <translation>Скрыть имена хоста и пользователя, пути, серийные номера и UUID</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="70"/>
        <source>Memory asked for above the peak (as trainsizer request --headroom)</source>
        <translation>Запас памяти сверх пика (как trainsizer request --headroom)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="76"/>
        <source>Checkpoints kept on disk at a time (as trainsizer request --keep)</source>
        <translation>Сколько контрольных точек хранится на диске одновременно (как trainsizer request --keep)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="80"/>
        <source>To</source>
        <translation>Кому</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="81"/>
        <source>Memory headroom</source>
        <translation>Запас памяти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="82"/>
        <source>Checkpoints kept</source>
        <translation>Хранимых контрольных точек</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="85"/>
        <source>Run folder: %1</source>
        <translation>Папка прогона: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="87"/>
        <source>From the plan&apos;s option %1 (estimated)</source>
        <translation>По варианту плана %1 (оценка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="89"/>
        <source>Save…</source>
        <translation>Сохранить…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="93"/>
        <source>Open in mail client</source>
        <translation>Открыть в почтовом клиенте</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="95"/>
        <source>Copy to clipboard</source>
        <translation>Копировать в буфер обмена</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="167"/>
        <source>Save as</source>
        <translation>Сохранить как</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="173"/>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="174"/>
        <source>Cannot export</source>
        <translation>Не удаётся экспортировать</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="176"/>
        <source>Saved: %1</source>
        <translation>Сохранено: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/exports.py" line="190"/>
        <source>Copied to the clipboard</source>
        <translation>Скопировано в буфер обмена</translation>
    </message>
</context>
<context>
    <name>HistoryList</name>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="47"/>
        <source>date</source>
        <translation>дата</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="48"/>
        <source>model</source>
        <translation>модель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="49"/>
        <source>method</source>
        <translation>метод</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="50"/>
        <source>precision</source>
        <translation>точность</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="51"/>
        <source>target</source>
        <translation>цель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="52"/>
        <source>engine</source>
        <translation>движок</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="53"/>
        <source>verdict</source>
        <translation>вердикт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="59"/>
        <source>Double-click a run to reopen it; select two to compare them</source>
        <translation>Двойной щелчок открывает прогон; выберите два, чтобы сравнить</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="71"/>
        <source>this machine</source>
        <translation>эта машина</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="54"/>
        <source>folder</source>
        <translation>папка</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="96"/>
        <source>Double-click a run to reopen it; select two (Ctrl+click) to compare them.</source>
        <translation>Двойной щелчок открывает прогон; выберите два (Ctrl+щелчок), чтобы сравнить.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/history.py" line="99"/>
        <source>Compare the two selected…</source>
        <translation>Сравнить два выбранных…</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="14"/>
        <source>weights</source>
        <translation>веса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="15"/>
        <source>gradients</source>
        <translation>градиенты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="16"/>
        <source>optimizer states</source>
        <translation>состояния оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="17"/>
        <source>master weights</source>
        <translation>мастер-веса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="18"/>
        <source>activations</source>
        <translation>активации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="19"/>
        <source>logits and loss</source>
        <translation>логиты и функция потерь</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="20"/>
        <source>CUDA context</source>
        <translation>контекст CUDA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="21"/>
        <source>allocator overhead</source>
        <translation>накладные расходы аллокатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="22"/>
        <source>communication buffers</source>
        <translation>буферы обмена</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="24"/>
        <source>peak</source>
        <translation>пик</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="28"/>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="29"/>
        <source>load</source>
        <translation>загрузка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="30"/>
        <source>data</source>
        <translation>данные</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="31"/>
        <source>forward</source>
        <translation>прямой проход</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="32"/>
        <source>backward</source>
        <translation>обратный проход</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="33"/>
        <source>optimizer</source>
        <translation>оптимизатор</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="34"/>
        <source>accounting</source>
        <translation>учёт памяти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="35"/>
        <source>eval</source>
        <translation>оценка качества</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="36"/>
        <source>checkpoint</source>
        <translation>контрольная точка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="37"/>
        <source>environment</source>
        <translation>окружение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="38"/>
        <source>estimate</source>
        <translation>оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="39"/>
        <source>measure</source>
        <translation>измерение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="40"/>
        <source>quality</source>
        <translation>качество</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="41"/>
        <source>resume</source>
        <translation>возобновление</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="52"/>
        <source>specification recorded</source>
        <translation>спецификация записана</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="53"/>
        <source>placement shown</source>
        <translation>размещение показано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="54"/>
        <source>peak memory and step time</source>
        <translation>пиковая память и время шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="55"/>
        <source>quality on held-out data</source>
        <translation>качество на отложенных данных</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="23"/>
        <source>optimizer temporaries</source>
        <translation>временные буферы оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="46"/>
        <source>pending</source>
        <translation>в очереди</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="47"/>
        <source>configuring its nodes</source>
        <translation>подготовка узлов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="48"/>
        <source>requeued</source>
        <translation>снова в очереди</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="56"/>
        <source>resume from a checkpoint</source>
        <translation>возобновление из контрольной точки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="60"/>
        <source>passed</source>
        <translation>пройдено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="61"/>
        <source>failed</source>
        <translation>не пройдено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="62"/>
        <source>not run</source>
        <translation>не запускалось</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="63"/>
        <source>ACCEPTED</source>
        <translation>ПРИНЯТО</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="64"/>
        <source>REJECTED</source>
        <translation>ОТКЛОНЕНО</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="65"/>
        <source>INCOMPLETE</source>
        <translation>НЕ ЗАВЕРШЕНО</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="66"/>
        <source>finished</source>
        <translation>завершено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="67"/>
        <source>does not fit (out of memory)</source>
        <translation>не помещается (нехватка памяти)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="68"/>
        <source>worker crashed</source>
        <translation>рабочий процесс аварийно завершился</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="69"/>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="73"/>
        <source>allocated</source>
        <translation>выделено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="74"/>
        <source>reserved</source>
        <translation>зарезервировано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="75"/>
        <source>NVML used</source>
        <translation>занято (NVML)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="76"/>
        <source>RSS</source>
        <translation>RSS</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="77"/>
        <source>host</source>
        <translation>хост</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="81"/>
        <source>process baseline</source>
        <translation>базовая память процесса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="82"/>
        <source>model loading peak</source>
        <translation>пик загрузки модели</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="83"/>
        <source>offloaded states</source>
        <translation>выгруженные состояния</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="84"/>
        <source>pinned buffers</source>
        <translation>закреплённые буферы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="85"/>
        <source>device working set (CPU)</source>
        <translation>рабочий набор устройства (CPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="89"/>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="90"/>
        <source>Method</source>
        <translation>Метод</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="91"/>
        <source>Precision</source>
        <translation>Точность</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="92"/>
        <source>Optimizer</source>
        <translation>Оптимизатор</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="93"/>
        <source>Batch</source>
        <translation>Батч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="94"/>
        <source>Parallel and offload</source>
        <translation>Параллелизм и выгрузка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="95"/>
        <source>Data</source>
        <translation>Данные</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="96"/>
        <source>Quality rule</source>
        <translation>Правило качества</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="97"/>
        <source>Measurement</source>
        <translation>Измерение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="98"/>
        <source>Checkpoint</source>
        <translation>Контрольная точка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="99"/>
        <source>Engine</source>
        <translation>Движок</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="100"/>
        <source>Task (planning)</source>
        <translation>Задача (планирование)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="101"/>
        <source>Cluster (Slurm)</source>
        <translation>Кластер (Slurm)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="114"/>
        <source>turn on gradient checkpointing</source>
        <translation>включить пересчёт активаций (gradient checkpointing)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="115"/>
        <source>train LoRA adapters instead of all weights</source>
        <translation>обучать адаптеры LoRA вместо всех весов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="116"/>
        <source>use fused AdamW (no step-sized temporaries)</source>
        <translation>использовать fused AdamW (без временных буферов шага)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="117"/>
        <source>use 8-bit AdamW (bitsandbytes)</source>
        <translation>использовать 8-битный AdamW (bitsandbytes)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="118"/>
        <source>compute in bf16 (autocast)</source>
        <translation>вычислять в bf16 (autocast)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="119"/>
        <source>keep weights and optimizer states in bf16</source>
        <translation>хранить веса и состояния оптимизатора в bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="120"/>
        <source>halve the micro-batch and double gradient accumulation</source>
        <translation>уменьшить микробатч вдвое и вдвое увеличить накопление градиентов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="121"/>
        <source>shard with FSDP over all GPUs</source>
        <translation>шардировать через FSDP по всем GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="122"/>
        <source>offload parameters, gradients and optimizer states to host memory</source>
        <translation>выгрузить параметры, градиенты и состояния оптимизатора в память хоста</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="130"/>
        <source>one GPU</source>
        <translation>один GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="131"/>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="132"/>
        <source>FSDP full shard</source>
        <translation>FSDP, полное шардирование</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="133"/>
        <source>FSDP grad-op shard</source>
        <translation>FSDP, шардирование градиентов и оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="134"/>
        <source>FSDP full shard with CPU offload</source>
        <translation>FSDP, полное шардирование с выгрузкой на CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="135"/>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="136"/>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="137"/>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="138"/>
        <source>ZeRO-2 with optimizer offload</source>
        <translation>ZeRO-2 с выгрузкой оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="139"/>
        <source>ZeRO-3 with optimizer offload</source>
        <translation>ZeRO-3 с выгрузкой оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="140"/>
        <source>ZeRO-3 with optimizer and parameter offload</source>
        <translation>ZeRO-3 с выгрузкой оптимизатора и параметров</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="141"/>
        <source>tensor parallel</source>
        <translation>тензорный параллелизм</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="142"/>
        <source>pipeline stages</source>
        <translation>стадии конвейера</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="143"/>
        <source>checkpointing</source>
        <translation>чекпоинтинг активаций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="144"/>
        <source>selective checkpointing</source>
        <translation>выборочный чекпоинтинг активаций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="145"/>
        <source>8-bit AdamW</source>
        <translation>8-битный AdamW</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="146"/>
        <source>weights and optimizer states in bf16</source>
        <translation>веса и состояния оптимизатора в bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="147"/>
        <source>LoRA adapters instead of all weights</source>
        <translation>адаптеры LoRA вместо всех весов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="148"/>
        <source>QLoRA (LoRA on 4-bit base weights)</source>
        <translation>QLoRA (LoRA на 4-битных базовых весах)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="151"/>
        <source>does not fit</source>
        <translation>не помещается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="152"/>
        <source>misses the deadline</source>
        <translation>не успевает к сроку</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="153"/>
        <source>over the GPU-hour budget</source>
        <translation>превышает бюджет GPU-часов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="154"/>
        <source>no bf16 support</source>
        <translation>нет поддержки bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="155"/>
        <source>needs more host RAM per node than the server has</source>
        <translation>нужно больше оперативной памяти на узел, чем есть на сервере</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="158"/>
        <source>NVLink inside a node (tensor parallelism)</source>
        <translation>NVLink внутри узла (тензорный параллелизм)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="159"/>
        <source>PCIe peer-to-peer between the GPU pairs of a replica (tensor parallelism without NVLink)</source>
        <translation>прямой обмен по PCIe между парами GPU одной реплики (тензорный параллелизм без NVLink)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="162"/>
        <source>a fast fabric between nodes (InfiniBand or RoCE, 200 Gb/s or more per GPU)</source>
        <translation>быстрая сеть между узлами (InfiniBand или RoCE, от 200 Гбит/с на GPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="167"/>
        <source>the optimizer step runs on the host CPUs and is not in the step time</source>
        <translation>шаг оптимизатора выполняется на CPU хоста и не входит во время шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/labels.py" line="170"/>
        <source>tensor parallelism over PCIe (no NVLink): the step is slower than shown; 2 GPUs per replica at most</source>
        <translation>тензорный параллелизм через PCIe (без NVLink): шаг медленнее показанного; не больше 2 GPU на реплику</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="88"/>
        <source>Main</source>
        <translation>Главная</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="92"/>
        <source>Target:</source>
        <translation>Цель:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="99"/>
        <source>Estimate for this machine&apos;s devices, for planned ones such as 8xH100-80GB or 2x8xH100-80GB, or run on a test server over SSH (ssh:user@server), or as a Slurm batch job (slurm: submits from this login node, slurm:login1 through a login node over SSH)</source>
        <translation>Оценка для устройств этой машины, для планируемых, например 8xH100-80GB или 2x8xH100-80GB, запуск на тестовом сервере по SSH (ssh:user@server) или как пакетное задание Slurm (slurm: — отправка с этого узла входа, slurm:login1 — через узел входа по SSH)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="104"/>
        <source>this machine</source>
        <translation>эта машина</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="110"/>
        <source>Slurm cluster (sbatch here)</source>
        <translation>кластер Slurm (sbatch здесь)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="116"/>
        <source>Open spec…</source>
        <translation>Открыть спецификацию…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="117"/>
        <source>Save spec…</source>
        <translation>Сохранить спецификацию…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="118"/>
        <source>Open run…</source>
        <translation>Открыть прогон…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="119"/>
        <source>Probe…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="123"/>
        <source>Language:</source>
        <translation>Язык:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="137"/>
        <source>Run specification</source>
        <translation>Спецификация прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="143"/>
        <source>Traced estimate</source>
        <translation>Трассированная оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="146"/>
        <source>The estimate above is live and analytic; this traces the real model on fake tensors (exact, seconds)</source>
        <translation>Оценка выше обновляется сразу и считается аналитически; эта кнопка трассирует настоящую модель на фиктивных тензорах (точно, секунды)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="150"/>
        <source>Measure</source>
        <translation>Измерить</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="151"/>
        <source>Full acceptance</source>
        <translation>Полная приёмка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="152"/>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="164"/>
        <source>idle</source>
        <translation>ожидание</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="185"/>
        <source>Results</source>
        <translation>Результаты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="188"/>
        <source>Plan</source>
        <translation>План</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="191"/>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="192"/>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="196"/>
        <source>Memory during the run (live)</source>
        <translation>Память во время прогона (в реальном времени)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="200"/>
        <source>Memory appears here during a run, per device and for the host, against the estimate.</source>
        <translation>Здесь во время прогона появится память — по устройствам и для хоста, в сравнении с оценкой.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="262"/>
        <source>Devices set to auto: the run is sized on the target&apos;s GPUs</source>
        <translation>Устройства: auto — прогон рассчитан на GPU цели</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="290"/>
        <source>Open a run specification</source>
        <translation>Открыть спецификацию прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="298"/>
        <source>Cannot open the specification</source>
        <translation>Не удаётся открыть спецификацию</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="309"/>
        <source>Cannot save</source>
        <translation>Не удаётся сохранить</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="310"/>
        <source>The specification has errors; they are shown beside their fields.</source>
        <translation>В спецификации есть ошибки; они показаны рядом с полями.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="315"/>
        <source>Save the run specification</source>
        <translation>Сохранить спецификацию прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="337"/>
        <source>Running…</source>
        <translation>Выполняется…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="355"/>
        <source>submitting the batch job…</source>
        <translation>отправка пакетного задания…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="357"/>
        <source>starting the worker on %1…</source>
        <translation>запуск рабочего процесса на %1…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="359"/>
        <source>starting the worker…</source>
        <translation>запуск рабочего процесса…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="361"/>
        <source>Run folder: %1</source>
        <translation>Папка прогона: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="381"/>
        <source>The estimate says it does not fit: it needs %1 on %2, which has %3.</source>
        <translation>По оценке не помещается: нужно %1 на %2, а там %3.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="387"/>
        <source>The estimate says it does not fit in this machine&apos;s RAM.</source>
        <translation>По оценке не помещается в ОЗУ этой машины.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="390"/>
        <source>Does not fit</source>
        <translation>Не помещается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="391"/>
        <source>The run will likely end out of memory. Run it anyway?</source>
        <translation>Запуск, скорее всего, закончится нехваткой памяти. Всё равно запустить?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="407"/>
        <source>cancelling…</source>
        <translation>отмена…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="432"/>
        <source>worker %1 started on %2</source>
        <translation>рабочий процесс %1 запущен на %2</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="441"/>
        <source>Slurm job %1: %2 (%3) · %4 s</source>
        <translation>задание Slurm %1: %2 (%3) · %4 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="456"/>
        <source>, ETA %1 s</source>
        <translation>, осталось ≈%1 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="460"/>
        <source>%1 · %2 · step %3 · %4 s%5</source>
        <translation>%1 · %2 · шаг %3 · %4 с%5</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="487"/>
        <source>cancelled by you during %1 — what ran is kept</source>
        <translation>отменено вами на этапе «%1» — выполненное сохранено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="492"/>
        <location filename="../../trainsizer/gui/window.py" line="499"/>
        <location filename="../../trainsizer/gui/window.py" line="519"/>
        <source>failed: %1</source>
        <translation>сбой: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="511"/>
        <source>The specification was refused before the run started: %1</source>
        <translation>Спецификация отклонена до начала запуска: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="512"/>
        <source>refused: fix the specification</source>
        <translation>отклонено: исправьте спецификацию</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="518"/>
        <source>The run failed: %1</source>
        <translation>Прогон завершился сбоем: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="523"/>
        <source>Open a run folder</source>
        <translation>Открыть папку прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="532"/>
        <source>Cannot open the run</source>
        <translation>Не удаётся открыть прогон</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="536"/>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/window.py" line="563"/>
        <source>Cannot compare the runs</source>
        <translation>Не удаётся сравнить прогоны</translation>
    </message>
</context>
<context>
    <name>MemoryPlot</name>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="38"/>
        <location filename="../../trainsizer/gui/plot.py" line="62"/>
        <source>time</source>
        <translation>время</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="55"/>
        <source>training loss</source>
        <translation>потери обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="56"/>
        <source>step</source>
        <translation>шаг</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="61"/>
        <source>GPU utilisation % and power W</source>
        <translation>Загрузка GPU, % и мощность, Вт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="65"/>
        <source>GPU utilisation and power</source>
        <translation>Загрузка и мощность GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="198"/>
        <source>capacity %1</source>
        <translation>ёмкость %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="207"/>
        <source>predicted peak %1</source>
        <translation>прогноз пика %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="272"/>
        <source>utilisation %</source>
        <translation>загрузка, %</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plot.py" line="272"/>
        <source>power W</source>
        <translation>мощность, Вт</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="772"/>
        <source>specification and environment recorded</source>
        <translation>спецификация и окружение записаны</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="773"/>
        <source>the specification or the environment is missing</source>
        <translation>нет спецификации или окружения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="774"/>
        <source>weights and training state placed on {devices} and the host</source>
        <translation>веса и состояние обучения размещены на {devices} и хосте</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="775"/>
        <source>no estimate</source>
        <translation>нет оценки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="776"/>
        <source>not measured: {why}</source>
        <translation>не измерено: {why}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="777"/>
        <source>{share:.0%} of the data sheet&apos;s {peak:g}</source>
        <translation>{share:.0%} от паспортных {peak:g}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="778"/>
        <source>{share:.0%} of the data sheet&apos;s {peak:g}: below</source>
        <translation>{share:.0%} от паспортных {peak:g}: ниже нормы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="779"/>
        <source>slowed down by the card itself during the test: {reasons}</source>
        <translation>карта сама замедлялась во время теста: {reasons}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="780"/>
        <source>PCIe Gen{gen} x{width}, expected Gen{gen_max} x{width_max}</source>
        <translation>PCIe Gen{gen} x{width}, ожидалось Gen{gen_max} x{width_max}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="781"/>
        <source>link PCIe Gen{gen} x{width}, {raw:.1f} GB/s raw</source>
        <translation>канал PCIe Gen{gen} x{width}, {raw:.1f} ГБ/с без накладных расходов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="782"/>
        <source>{errors} uncorrected ECC errors since boot</source>
        <translation>{errors} неисправленных ошибок ECC с момента загрузки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="783"/>
        <source>{rows} rows remapped for uncorrected errors (pending {pending}, failure {failure})</source>
        <translation>{rows} строк переназначено из-за неисправленных ошибок (ожидает {pending}, сбой {failure})</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="784"/>
        <source>retired pages pending: {pending}</source>
        <translation>ожидают вывода страницы памяти: {pending}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="785"/>
        <source>power limit {limit:g} W of the default {default:g} W</source>
        <translation>предел мощности {limit:g} Вт из штатных {default:g} Вт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="786"/>
        <source>no other process on the GPU</source>
        <translation>на GPU нет других процессов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="787"/>
        <source>in use by another process: {processes}</source>
        <translation>занят другим процессом: {processes}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="788"/>
        <source>room for two checkpoints of {planned_gib:.1f} GiB</source>
        <translation>есть место для двух контрольных точек по {planned_gib:.1f} ГиБ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="789"/>
        <source>no expected value: {why}</source>
        <translation>нет ожидаемого значения: {why}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="790"/>
        <source>measured; no expected value for this figure</source>
        <translation>измерено; ожидаемого значения для этой величины нет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="791"/>
        <source>the run used {devices}, the estimate was made for {estimated}</source>
        <translation>запуск шёл на {devices}, а оценка сделана для {estimated}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="792"/>
        <source>no measurement</source>
        <translation>нет измерения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="793"/>
        <source>does not fit: out of memory in {phase} at step {step}</source>
        <translation>не помещается: нехватка памяти на этапе {phase}, шаг {step}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="794"/>
        <source>the measurement failed: {message}</source>
        <translation>измерение не удалось: {message}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="795"/>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="796"/>
        <source>no step was measured</source>
        <translation>ни один шаг не измерен</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="797"/>
        <source>{count} steps measured, median {median:.3f} s</source>
        <translation>измерено шагов: {count}, медиана {median:.3f} с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="798"/>
        <source>resumed at step {k} through the command&apos;s own checkpoint: the losses of all {steps} steps identical to the uninterrupted run (losses compared, not parameters)</source>
        <translation>возобновлено после шага {k} из собственной контрольной точки команды: потери всех {steps} шагов совпадают с непрерывным прогоном (сравнивались потери, не параметры)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="799"/>
        <source>resumed at step {k} through the command&apos;s own checkpoint: losses within {tolerance:g} of the uninterrupted run (max |Δloss| {dloss:.3g}; losses compared, not parameters)</source>
        <translation>возобновлено после шага {k} из собственной контрольной точки команды: потери в пределах {tolerance:g} от непрерывного прогона (макс. |Δпотерь| {dloss:.3g}; сравнивались потери, не параметры)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="800"/>
        <source>resumed at step {k} through the command&apos;s own checkpoint: the losses differ from the uninterrupted run (max |Δloss| {dloss:.3g}, accepted {tolerance:g}; losses compared)</source>
        <translation>возобновлено после шага {k} из собственной контрольной точки команды: потери отличаются от непрерывного прогона (макс. |Δпотерь| {dloss:.3g}, допустимо {tolerance:g}; сравнивались потери)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="801"/>
        <source>resumed at step {k}, but the stopped run ended at step {expected}: the checkpoint is from another step (check which checkpoint resume_args names)</source>
        <translation>продолжено с шага {k}, а остановленный прогон закончился на шаге {expected}: контрольная точка от другого шага (проверьте, какую точку называет resume_args)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="802"/>
        <source>resumed at step {k}, but steps {missing} of the uninterrupted run never ran: the resumed run skipped them (a data position or step counter restored wrong)</source>
        <translation>продолжено с шага {k}, но шаги {missing} непрерывного прогона так и не выполнены: продолженный прогон их пропустил (неверно восстановлены позиция в данных или счётчик шагов)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="803"/>
        <source>resumed at step {k}: the learning rate differs from the uninterrupted run ({lr_c:.3g} against {lr_a:.3g}): the scheduler&apos;s state is not restored, or the resumed run has another schedule (max |Δloss| {dloss:.3g}, accepted {tolerance:g})</source>
        <translation>продолжено с шага {k}: скорость обучения отличается от непрерывного прогона ({lr_c:.3g} против {lr_a:.3g}): состояние планировщика не восстановлено или у продолженного прогона другое расписание (макс. |Δпотерь| {dloss:.3g}, допустимо {tolerance:g})</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="804"/>
        <source>resumed at step {k}: the losses before the stop match, the first resumed step already differs (max |Δloss| {dloss:.3g}, accepted {tolerance:g}): a state that drives the next step is not restored — RNG, optimizer moments or the data position</source>
        <translation>продолжено с шага {k}: потери до остановки совпадают, а первый продолженный шаг уже отличается (макс. |Δпотерь| {dloss:.3g}, допустимо {tolerance:g}): не восстановлено состояние, от которого зависит следующий шаг, — ГСЧ (RNG), моменты оптимизатора или позиция в данных</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="805"/>
        <source>resumed at step {k}: the first resumed step matches, later ones differ (max |Δloss| {dloss:.3g}, accepted {tolerance:g}): the data order after resuming, or a later state, differs</source>
        <translation>продолжено с шага {k}: первый продолженный шаг совпадает, последующие отличаются (макс. |Δпотерь| {dloss:.3g}, допустимо {tolerance:g}): после продолжения другой порядок данных или иное более позднее состояние</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="806"/>
        <source>the command ran {wall_s:.1f} s; peak RSS of its processes {host_rss:,} bytes; step time not observable (no step pattern given, or no line matched it)</source>
        <translation>команда работала {wall_s:.1f} с; пиковый RSS её процессов {host_rss:,} байт; время шага не наблюдается (шаблон строк шага не задан или ни одна строка ему не соответствует)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="807"/>
        <source>a target was agreed, but the command&apos;s step time is not observable (no step pattern given, or no line matched it); peak RSS {host_rss:,} bytes</source>
        <translation>цель согласована, но время шага команды не наблюдается (шаблон строк шага не задан или ни одна строка ему не соответствует); пиковый RSS {host_rss:,} байт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="808"/>
        <source>{count} steps measured, median {median:.3f} s, {tokens_per_s:,.0f} tokens/s; no target was agreed</source>
        <translation>измерено шагов: {count}, медиана {median:.3f} с, {tokens_per_s:,.0f} токенов/с; целевое значение не согласовано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="809"/>
        <source>{tokens_per_s:,.0f} tokens/s (median step {median:.3f} s): meets the agreed {target_tokens_per_s:,.0f} tokens/s</source>
        <translation>{tokens_per_s:,.0f} токенов/с (медиана шага {median:.3f} с): не ниже согласованных {target_tokens_per_s:,.0f} токенов/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="810"/>
        <source>{tokens_per_s:,.0f} tokens/s (median step {median:.3f} s): below the agreed {target_tokens_per_s:,.0f} tokens/s</source>
        <translation>{tokens_per_s:,.0f} токенов/с (медиана шага {median:.3f} с): ниже согласованных {target_tokens_per_s:,.0f} токенов/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="811"/>
        <source>median step {median:.3f} s ({tokens_per_s:,.0f} tokens/s): within the agreed {max_step_s:g} s</source>
        <translation>медиана шага {median:.3f} с ({tokens_per_s:,.0f} токенов/с): не дольше согласованных {max_step_s:g} с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="812"/>
        <source>median step {median:.3f} s ({tokens_per_s:,.0f} tokens/s): over the agreed {max_step_s:g} s</source>
        <translation>медиана шага {median:.3f} с ({tokens_per_s:,.0f} токенов/с): дольше согласованных {max_step_s:g} с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="813"/>
        <source>the quality check was not run</source>
        <translation>проверка качества не запускалась</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="814"/>
        <source>not agreed: the command&apos;s held-out metric was not named (engine.metric_pattern)</source>
        <translation>не согласовано: метрика команды на отложенных данных не названа (engine.metric_pattern)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="815"/>
        <source>{metric} {before:.4g} → {after:.4g} ({change:+.1%}); rule: {metric} improves by at least {threshold:.1%} (relative)</source>
        <translation>{metric} {before:.4g} → {after:.4g} ({change:+.1%}); правило: {metric} улучшается не менее чем на {threshold:.1%} (относительно)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="816"/>
        <source>{metric} {before:.4g} → {after:.4g}; rule: {metric} {op} {threshold:g} after training</source>
        <translation>{metric} {before:.4g} → {after:.4g}; правило: {metric} {op} {threshold:g} после обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="817"/>
        <source>the quality check ran and failed: {why}</source>
        <translation>проверка качества запущена и завершилась ошибкой: {why}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="818"/>
        <source>{metric} improves by at least {threshold:.1%} (relative)</source>
        <translation>{metric} улучшается не менее чем на {threshold:.1%} (относительно)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="819"/>
        <source>{metric} {op} {threshold:g} after training</source>
        <translation>{metric} {op} {threshold:g} после обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="820"/>
        <source>the resume check was not run</source>
        <translation>проверка возобновления не запускалась</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="821"/>
        <source>resumed at steps {steps} of {total}: bit-identical losses, gradient norms, parameters and optimizer state</source>
        <translation>возобновлено после шагов {steps} из {total}: потери, нормы градиентов, параметры и состояние оптимизатора совпадают побитно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="822"/>
        <source>resumed at steps {steps} of {total}: within the measured noise floor</source>
        <translation>возобновлено после шагов {steps} из {total}: в пределах измеренного уровня шума</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="823"/>
        <source>resumed at steps {steps} of {total}: differs from the uninterrupted run (max |Δloss| {dloss:.3g}, max |Δparam| {dparam:.3g})</source>
        <translation>возобновлено после шагов {steps} из {total}: отличается от непрерывного прогона (макс. |Δпотерь| {dloss:.3g}, макс. |Δпараметров| {dparam:.3g})</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="824"/>
        <source>the resume check ran and failed: {why}</source>
        <translation>проверка возобновления запущена и завершилась ошибкой: {why}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="825"/>
        <source>the stopped run saved its checkpoint at step {k}; the resumed run is to run in a new process (a new Slurm job, as a preemption would): not proven until it has</source>
        <translation>остановленный прогон сохранил контрольную точку на шаге {k}; продолженный прогон запускается в новом процессе (новом задании Slurm, как после вытеснения): пока он не прошёл, ничего не доказано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="826"/>
        <source>the stopped run saved its checkpoint at step {k}, but the job that was to resume from it (job {job}) did not: {why}</source>
        <translation>остановленный прогон сохранил контрольную точку на шаге {k}, но задание, которое должно было продолжить с неё (задание {job}), этого не сделало: {why}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="827"/>
        <source>measured run</source>
        <translation>измерительный прогон</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="828"/>
        <source>measured run = A, uninterrupted</source>
        <translation>измерительный прогон = А, без остановки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="829"/>
        <source>quality: the metric before and after training</source>
        <translation>качество: метрика до и после обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="830"/>
        <source>A: uninterrupted</source>
        <translation>А: без остановки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="831"/>
        <source>B: stopped at step {k}</source>
        <translation>Б: остановлен на шаге {k}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="832"/>
        <source>C: resumed from step {k}</source>
        <translation>В: продолжен с шага {k}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="833"/>
        <source>C: resumed from step {k}, stopped at step {to}</source>
        <translation>В: продолжен с шага {k}, остановлен на шаге {to}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="834"/>
        <source>A again: the noise floor</source>
        <translation>А ещё раз: уровень шума</translation>
    </message>
</context>
<context>
    <name>PlanPanel</name>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="93"/>
        <source>Fill in the Task section of the form (tokens, deadline), then press Plan: every GPU class × count × layout is sized and ranked.</source>
        <translation>Заполните раздел «Задача» формы (токены, срок) и нажмите «План»: каждый класс GPU × количество × схема будут рассчитаны и упорядочены.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="101"/>
        <source>Plan</source>
        <translation>План</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="104"/>
        <source>Show every option</source>
        <translation>Показать все варианты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="106"/>
        <source>Draft a request from the selected option…</source>
        <translation>Черновик запроса по выбранному варианту…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="118"/>
        <source>every GPU class of the table</source>
        <translation>все классы GPU из таблицы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="120"/>
        <source>GPU classes to plan for, comma-separated (H100-80GB, L40S, or {mem=96GiB,bf16=989})</source>
        <translation>Классы GPU для плана через запятую (H100-80GB, L40S или {mem=96GiB,bf16=989})</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="125"/>
        <location filename="../../trainsizer/gui/plan_panel.py" line="129"/>
        <source>no limit</source>
        <translation>без ограничения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="131"/>
        <source>GPU classes</source>
        <translation>Классы GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="132"/>
        <source>at most nodes</source>
        <translation>не более узлов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="133"/>
        <source>at most GPUs</source>
        <translation>не более GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="156"/>
        <source>target</source>
        <translation>цель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="157"/>
        <source>layout</source>
        <translation>схема</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="158"/>
        <source>peak / GPU</source>
        <translation>пик / GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="159"/>
        <source>free</source>
        <translation>свободно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="160"/>
        <source>step</source>
        <translation>шаг</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="161"/>
        <source>tokens/s</source>
        <translation>токенов/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="162"/>
        <source>time to train</source>
        <translation>время обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="163"/>
        <source>GPU-hours</source>
        <translation>GPU-часы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="164"/>
        <source>status</source>
        <translation>статус</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="194"/>
        <source>Planning…</source>
        <translation>Планирование…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="201"/>
        <source>No plan: %1</source>
        <translation>Нет плана: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="208"/>
        <source>%1 tokens</source>
        <translation>%1 токенов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="210"/>
        <source>no tokens in the Task section: time to train not computed</source>
        <translation>в разделе «Задача» нет токенов: время обучения не рассчитано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="212"/>
        <source>deadline %1</source>
        <translation>срок %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="216"/>
        <source>utilisation %1 assumed; headroom %2; %3 layouts sized in %4 s</source>
        <translation>загрузка %1 (принята); запас %2; %3 схем рассчитано за %4 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="223"/>
        <source>utilisation per GPU class: fitted to published runs, else 40% assumed; headroom %1; %2 layouts sized in %3 s</source>
        <translation>загрузка по классам GPU: подобрана по опубликованным запускам, иначе принята 40%; запас %1; размещений рассчитано: %2 за %3 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="231"/>
        <source>at most %1 nodes</source>
        <translation>не более %1 узлов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="233"/>
        <source>at most %1 GPUs</source>
        <translation>не более %1 GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="236"/>
        <source>classes: %1</source>
        <translation>классы: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="239"/>
        <source>fell out: %1</source>
        <translation>отсеяно: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="259"/>
        <source>meets the task</source>
        <translation>подходит</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="272"/>
        <source>Best: option %1, %2 — %3</source>
        <translation>Лучший: вариант %1, %2 — %3</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="274"/>
        <source>Host RAM per node: %1 (estimated)</source>
        <translation>ОЗУ хоста на узел: %1 (оценка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="277"/>
        <source>Changes to the agreed spec: %1</source>
        <translation>Изменения согласованной спецификации: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="278"/>
        <source>Needs %1</source>
        <translation>Нужно: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="282"/>
        <source>Nothing meets the task; the closest option is shown.</source>
        <translation>Ни один вариант не подходит; показан ближайший.</translation>
    </message>
</context>
<context>
    <name>PlanRunner</name>
    <message>
        <location filename="../../trainsizer/gui/plan_panel.py" line="67"/>
        <source>GPU classes: %1</source>
        <translation>Классы GPU: %1</translation>
    </message>
</context>
<context>
    <name>ProbeDialog</name>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="45"/>
        <source>Readiness probe</source>
        <translation>Проверка готовности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="48"/>
        <source>Probing %1…</source>
        <translation>Проверяется %1…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="48"/>
        <source>Probing this machine…</source>
        <translation>Проверяется эта машина…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="54"/>
        <source>where</source>
        <translation>где</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="54"/>
        <source>figure</source>
        <translation>величина</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="54"/>
        <source>measured</source>
        <translation>измерено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="54"/>
        <source>verdict</source>
        <translation>вердикт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="54"/>
        <source>against</source>
        <translation>с чем сравнено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="72"/>
        <source>Probing: %1…</source>
        <translation>Проверка: %1…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="81"/>
        <source>The probe did not finish (exit code %1).</source>
        <translation>Проверка не завершилась (код выхода %1).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="113"/>
        <source>%1 figures below what the parts should give.</source>
        <translation>Ниже того, что должны давать компоненты: %1.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/probe_dialog.py" line="115"/>
        <source>Nothing is below what the parts should give.</source>
        <translation>Ничто не ниже того, что должны давать компоненты.</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="117"/>
        <source>transformers.Trainer — the customer&apos;s chosen code</source>
        <translation>transformers.Trainer — код, выбранный заказчиком</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="118"/>
        <source>TRL&apos;s SFTTrainer — the customer&apos;s chosen code</source>
        <translation>SFTTrainer из TRL — код, выбранный заказчиком</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="119"/>
        <source>Last lines of the command’s stderr</source>
        <translation>Последние строки stderr команды</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="121"/>
        <source>trainsizer&apos;s builtin loop</source>
        <translation>встроенный цикл trainsizer</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="122"/>
        <source>source of the measured figure</source>
        <translation>источник измеренного значения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="123"/>
        <source>measured (allocator)</source>
        <translation>измерено (аллокатор)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="124"/>
        <source>measured (live tensors)</source>
        <translation>измерено (живые тензоры)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="125"/>
        <source>measured (NVML)</source>
        <translation>измерено (NVML)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="126"/>
        <source>derived from measured figures</source>
        <translation>выведено из измеренных значений</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="127"/>
        <source>attributed (tracker)</source>
        <translation>разбивка (трекер)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="128"/>
        <source>predicted (estimated)</source>
        <translation>прогноз (оценка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="129"/>
        <source>at</source>
        <translation>при</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="130"/>
        <source>measured ÷ predicted step time</source>
        <translation>время шага: измерено ÷ прогноз</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="131"/>
        <source>agreed target</source>
        <translation>согласованная цель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="132"/>
        <source>per step</source>
        <translation>на шаг</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="133"/>
        <source>none agreed</source>
        <translation>не согласована</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="134"/>
        <source>measured: the CPU allocator record</source>
        <translation>измерено: журнал аллокатора CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="135"/>
        <source>items (tracker) ÷ allocator peak</source>
        <translation>статьи (трекер) ÷ пик аллокатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="136"/>
        <source>the items are the attribution of the measured peak</source>
        <translation>статьи — это разбивка измеренного пика</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="137"/>
        <source>Acceptance report</source>
        <translation>Акт приёмки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="138"/>
        <source>Hardware-selection request (draft)</source>
        <translation>Запрос на подбор оборудования (черновик)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="139"/>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="140"/>
        <source>accepted</source>
        <translation>принято</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="141"/>
        <source>rejected</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="142"/>
        <source>incomplete</source>
        <translation>не завершено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="143"/>
        <source>passed</source>
        <translation>пройдено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="144"/>
        <source>failed</source>
        <translation>не пройдено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="145"/>
        <source>not run</source>
        <translation>не запускалось</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="146"/>
        <source>The five acceptance checks</source>
        <translation>Пять проверок приёмки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="147"/>
        <source>check</source>
        <translation>проверка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="148"/>
        <source>status</source>
        <translation>статус</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="149"/>
        <source>evidence</source>
        <translation>доказательство</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="150"/>
        <source>specification recorded</source>
        <translation>спецификация записана</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="151"/>
        <source>placement shown</source>
        <translation>размещение показано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="152"/>
        <source>peak memory and step time</source>
        <translation>пиковая память и время шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="153"/>
        <source>quality on held-out data</source>
        <translation>качество на отложенных данных</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="154"/>
        <source>resume from a checkpoint</source>
        <translation>возобновление из контрольной точки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="155"/>
        <source>What did not run</source>
        <translation>Что не было выполнено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="156"/>
        <source>The run did not complete</source>
        <translation>Прогон не завершён</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="157"/>
        <source>finished</source>
        <translation>завершено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="158"/>
        <source>does not fit (out of memory)</source>
        <translation>не помещается (нехватка памяти)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="159"/>
        <source>worker crashed</source>
        <translation>рабочий процесс аварийно завершился</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="160"/>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="161"/>
        <source>Run specification</source>
        <translation>Спецификация прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="162"/>
        <source>model</source>
        <translation>модель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="163"/>
        <source>parameters</source>
        <translation>параметры</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="164"/>
        <source>method</source>
        <translation>метод</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="165"/>
        <source>compute dtype</source>
        <translation>тип вычислений</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="166"/>
        <source>optimizer</source>
        <translation>оптимизатор</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="167"/>
        <source>batch</source>
        <translation>батч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="168"/>
        <source>sequence length</source>
        <translation>длина последовательности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="169"/>
        <source>gradient checkpointing</source>
        <translation>пересчёт активаций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="170"/>
        <source>parallelism</source>
        <translation>параллелизм</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="171"/>
        <source>data</source>
        <translation>данные</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="172"/>
        <source>quality rule</source>
        <translation>правило качества</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="173"/>
        <source>engine</source>
        <translation>движок</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="174"/>
        <source>on</source>
        <translation>вкл.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="175"/>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="176"/>
        <source>micro-batch %s × accumulation %s</source>
        <translation>микробатч %s × накопление %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="177"/>
        <source>Environment</source>
        <translation>Окружение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="178"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="179"/>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="180"/>
        <source>driver</source>
        <translation>драйвер</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="181"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="182"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="105"/>
        <source>RAM</source>
        <translation>ОЗУ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="45"/>
        <source>Slurm partition</source>
        <translation>раздел Slurm</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="46"/>
        <source>%s: %s node(s) × %s GPUs asked, of its %s node(s) of %s × %s (sinfo: Gres %s, %s RAM, %s CPUs per node)</source>
        <translation>%s: запрошено узлов: %s × %s GPU, из его %s узлов по %s × %s (sinfo: Gres %s, ОЗУ %s, CPU %s на узел)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="47"/>
        <source>not known</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="48"/>
        <source>%s (counted from the batches the script&apos;s Trainer trained on: %s tokens per step)</source>
        <translation>%s (подсчитано по батчам, на которых обучался Trainer скрипта: %s токенов за шаг)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="49"/>
        <source>%s if a step is the spec&apos;s batch (%s tokens; not read from the command)</source>
        <translation>%s, если шаг — это батч спецификации (%s токенов; не прочитано из команды)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="50"/>
        <source>Readiness probe of the machine</source>
        <translation>Проверка готовности машины</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="51"/>
        <source>where it ran</source>
        <translation>где выполнялось</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="52"/>
        <source>Slurm job %s, partition %s, submitted from %s</source>
        <translation>задание Slurm %s, раздел %s, отправлено с %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="53"/>
        <source>the cluster&apos;s default</source>
        <translation>по умолчанию</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="54"/>
        <source>this login node</source>
        <translation>этого узла входа</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="55"/>
        <source>resumed in a new job, %s (%s)</source>
        <translation>продолжено в новом задании, %s (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="56"/>
        <source>on %s nodes: %s</source>
        <translation>на узлах (%s): %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="57"/>
        <source>read from the script’s model by trainsizer’s TrainerCallback</source>
        <translation>прочитано из модели скрипта через TrainerCallback trainsizer</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="58"/>
        <source>as the spec’s [model] describes it; not read from the command</source>
        <translation>как её описывает [model] спецификации; из команды не прочитано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="59"/>
        <source>not measured on the CPU: the criterion there is bit-identical</source>
        <translation>не измерялся на CPU: там критерий — побитовое совпадение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="60"/>
        <source>two fresh reference runs with the same seed</source>
        <translation>два новых эталонных прогона с тем же начальным значением ГСЧ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="61"/>
        <source>, held-out share %s, seed %s</source>
        <translation>, отложенная доля %s, зерно ГСЧ %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="62"/>
        <source>%s on %s</source>
        <translation>%s на %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="63"/>
        <source> + offload to the CPU</source>
        <translation> + выгрузка на CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="64"/>
        <source>schema</source>
        <translation>схема</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="65"/>
        <source>of the CPU’s matmul probe</source>
        <translation>от пробы умножения матриц на CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="66"/>
        <source>%s, learning rate %s</source>
        <translation>%s, скорость обучения %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="69"/>
        <source>estimated from the spec’s [model]</source>
        <translation>оценка по [model] спецификации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="70"/>
        <source>%s over SSH</source>
        <translation>%s по SSH</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="71"/>
        <source>%s nodes over SSH: %s</source>
        <translation>узлов по SSH: %s — %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="72"/>
        <source>this machine</source>
        <translation>эта машина</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="73"/>
        <source>verdict</source>
        <translation>вердикт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="74"/>
        <source>where</source>
        <translation>где</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="75"/>
        <source>figure</source>
        <translation>величина</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="76"/>
        <source>against</source>
        <translation>с чем сравнено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="77"/>
        <source>pass</source>
        <translation>в норме</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="78"/>
        <source>below</source>
        <translation>ниже нормы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="79"/>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="80"/>
        <source>measured by `trainsizer probe` on %s at %s, before this run</source>
        <translation>измерено `trainsizer probe` на %s в %s, до этого прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="81"/>
        <source>readiness probe of the machine</source>
        <translation>проверка готовности машины</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="82"/>
        <source>nothing below what its parts should give</source>
        <translation>ничто не ниже того, что должны давать её компоненты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="83"/>
        <source>GEMM bf16</source>
        <translation>матричное умножение bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="84"/>
        <source>GEMM fp16</source>
        <translation>матричное умножение fp16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="85"/>
        <source>GEMM TF32</source>
        <translation>матричное умножение TF32</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="86"/>
        <source>GEMM fp32 (no TF32)</source>
        <translation>матричное умножение fp32 (без TF32)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="87"/>
        <source>memory copy</source>
        <translation>копирование в памяти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="88"/>
        <source>host→device pinned</source>
        <translation>хост→устройство, закреплённая память</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="89"/>
        <source>device→host pinned</source>
        <translation>устройство→хост, закреплённая память</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="90"/>
        <source>host→device pageable</source>
        <translation>хост→устройство, страничная память</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="91"/>
        <source>device→host pageable</source>
        <translation>устройство→хост, страничная память</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="92"/>
        <source>ECC uncorrected (boot)</source>
        <translation>ECC неисправленные (с загрузки)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="93"/>
        <source>ECC uncorrected (life)</source>
        <translation>ECC неисправленные (за всё время)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="94"/>
        <source>remapped rows</source>
        <translation>переназначенные строки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="95"/>
        <source>retired pages pending</source>
        <translation>страницы, ожидающие вывода</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="96"/>
        <source>power limit</source>
        <translation>предел мощности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="97"/>
        <source>temperature (idle)</source>
        <translation>температура (простой)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="98"/>
        <source>SM clock max</source>
        <translation>макс. частота SM</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="99"/>
        <source>PCIe link max</source>
        <translation>макс. канал PCIe</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="100"/>
        <source>other processes</source>
        <translation>другие процессы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="101"/>
        <source>NVLink links active</source>
        <translation>активные каналы NVLink</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="102"/>
        <source>peer access</source>
        <translation>прямой доступ между GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="103"/>
        <source>CPU GEMM fp32</source>
        <translation>матричное умножение на CPU fp32</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="104"/>
        <source>CPU GEMM bf16</source>
        <translation>матричное умножение на CPU bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="106"/>
        <source>RAM copy</source>
        <translation>копирование в ОЗУ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="107"/>
        <source>all-reduce bus bw</source>
        <translation>пропускная способность шины при полной редукции</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="108"/>
        <source>all-gather bus bw</source>
        <translation>пропускная способность шины при сборе</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="109"/>
        <source>reduce-scatter bus bw</source>
        <translation>пропускная способность шины при редукции с разбросом</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="110"/>
        <source>free space</source>
        <translation>свободное место</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="111"/>
        <source>write (fsync&apos;d)</source>
        <translation>запись (с fsync)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="112"/>
        <source>read (page cache dropped)</source>
        <translation>чтение (страничный кэш сброшен)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="113"/>
        <source>collectives</source>
        <translation>коллективные операции</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="114"/>
        <source>device</source>
        <translation>устройство</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="115"/>
        <source>probe</source>
        <translation>проверка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="116"/>
        <source>NVML</source>
        <translation>NVML</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="120"/>
        <source>host RSS: the largest of its %s processes</source>
        <translation>RSS хоста: самый большой из её процессов (всего %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="183"/>
        <source>operating system</source>
        <translation>операционная система</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="184"/>
        <source>host name</source>
        <translation>имя хоста</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="185"/>
        <source>versions</source>
        <translation>версии</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="186"/>
        <source>topology</source>
        <translation>топология</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="187"/>
        <source>disk free</source>
        <translation>свободно на диске</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="188"/>
        <source>Placement of weights and training state</source>
        <translation>Размещение весов и состояния обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="189"/>
        <source>item</source>
        <translation>статья</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="190"/>
        <source>host</source>
        <translation>хост</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="191"/>
        <source>weights</source>
        <translation>веса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="192"/>
        <source>gradients</source>
        <translation>градиенты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="193"/>
        <source>optimizer states</source>
        <translation>состояния оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="194"/>
        <source>master weights</source>
        <translation>мастер-веса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="195"/>
        <source>activations</source>
        <translation>активации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="196"/>
        <source>logits and loss</source>
        <translation>логиты и функция потерь</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="197"/>
        <source>CUDA context</source>
        <translation>контекст CUDA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="198"/>
        <source>allocator overhead</source>
        <translation>накладные расходы аллокатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="199"/>
        <source>communication buffers</source>
        <translation>буферы обмена</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="200"/>
        <source>optimizer temporaries</source>
        <translation>временные буферы оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="201"/>
        <source>peak</source>
        <translation>пик</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="202"/>
        <source>process baseline</source>
        <translation>базовая память процесса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="203"/>
        <source>model loading peak</source>
        <translation>пик загрузки модели</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="204"/>
        <source>offloaded states</source>
        <translation>выгруженные состояния</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="205"/>
        <source>pinned buffers</source>
        <translation>закреплённые буферы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="206"/>
        <source>device working set (CPU)</source>
        <translation>рабочий набор устройства (CPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="207"/>
        <source>Memory</source>
        <translation>Память</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="208"/>
        <source>Memory over the run</source>
        <translation>Память во время прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="209"/>
        <source>Estimated against measured</source>
        <translation>Оценка и измерение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="210"/>
        <source>estimated</source>
        <translation>оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="211"/>
        <source>measured</source>
        <translation>измерено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="212"/>
        <source>ratio</source>
        <translation>отношение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="213"/>
        <source>peak per device</source>
        <translation>пик по устройствам</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="214"/>
        <source>allocated</source>
        <translation>выделено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="215"/>
        <source>reserved</source>
        <translation>зарезервировано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="216"/>
        <source>NVML used</source>
        <translation>занято по NVML</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="217"/>
        <source>host RSS</source>
        <translation>RSS на хосте</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="218"/>
        <source>Step time and throughput</source>
        <translation>Время шага и пропускная способность</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="219"/>
        <source>median</source>
        <translation>медиана</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="220"/>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="221"/>
        <source>min</source>
        <translation>минимум</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="222"/>
        <source>steps</source>
        <translation>шагов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="223"/>
        <source>tokens/s</source>
        <translation>токенов/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="224"/>
        <source>samples/s</source>
        <translation>примеров/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="225"/>
        <source>TFLOP/s</source>
        <translation>ТФЛОП/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="226"/>
        <source>utilization (MFU)</source>
        <translation>загрузка (MFU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="227"/>
        <source>Quality on held-out data</source>
        <translation>Качество на отложенных данных</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="228"/>
        <source>metric</source>
        <translation>метрика</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="229"/>
        <source>before</source>
        <translation>до</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="230"/>
        <source>after</source>
        <translation>после</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="231"/>
        <source>rule</source>
        <translation>правило</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="232"/>
        <source>Resume from a checkpoint</source>
        <translation>Возобновление из контрольной точки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="233"/>
        <source>saved at steps</source>
        <translation>сохранено после шагов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="67"/>
        <source>max |Δloss|</source>
        <translation>макс. |Δпотерь|</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="68"/>
        <source>max |Δparam|</source>
        <translation>макс. |Δпараметров|</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="234"/>
        <source>noise floor</source>
        <translation>уровень шума</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="235"/>
        <source>checkpoint size</source>
        <translation>размер контрольной точки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="236"/>
        <source>save time</source>
        <translation>время сохранения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="237"/>
        <source>load time</source>
        <translation>время загрузки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="238"/>
        <source>Tool and time</source>
        <translation>Инструмент и время</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="239"/>
        <source>tool version</source>
        <translation>версия инструмента</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="240"/>
        <source>created</source>
        <translation>создан</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="241"/>
        <source>stages</source>
        <translation>этапы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="242"/>
        <source>not available</source>
        <translation>недоступно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="243"/>
        <source>not measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="244"/>
        <source>phase</source>
        <translation>фаза</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="245"/>
        <source>time, s</source>
        <translation>время, с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="246"/>
        <source>RSS</source>
        <translation>RSS</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="247"/>
        <source>%s capacity</source>
        <translation>ёмкость %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="248"/>
        <source>%s predicted peak</source>
        <translation>прогноз пика %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="249"/>
        <source>load</source>
        <translation>загрузка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="250"/>
        <source>forward</source>
        <translation>прямой проход</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="251"/>
        <source>backward</source>
        <translation>обратный проход</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="252"/>
        <source>evaluation</source>
        <translation>оценка качества</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="253"/>
        <source>memory accounting</source>
        <translation>учёт памяти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="254"/>
        <source>checkpoint</source>
        <translation>контрольная точка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="255"/>
        <source>out of memory in %s at step %s</source>
        <translation>нехватка памяти на этапе %s, шаг %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="256"/>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="257"/>
        <source>Requirements</source>
        <translation>Требования</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="258"/>
        <source>What was measured here</source>
        <translation>Что измерено на этой машине</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="259"/>
        <source>Open questions for the vendor</source>
        <translation>Вопросы к поставщику</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="260"/>
        <source>GPU memory per device</source>
        <translation>память GPU на устройство</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="261"/>
        <source>%s peak + %s headroom = at least %s</source>
        <translation>пик %s + запас %s = не менее %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="262"/>
        <source>number of GPUs</source>
        <translation>число GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="263"/>
        <source>interconnect</source>
        <translation>межсоединение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="264"/>
        <source>NVLink or an NVSwitch fabric between the GPUs (%s exchanges gradients every step)</source>
        <translation>NVLink или NVSwitch между GPU (%s обменивается градиентами на каждом шаге)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="265"/>
        <source>not needed (one GPU)</source>
        <translation>не требуется (один GPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="266"/>
        <source>host RAM</source>
        <translation>ОЗУ хоста</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="267"/>
        <source>disk for checkpoints</source>
        <translation>диск под контрольные точки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="268"/>
        <source>%s per checkpoint × %s kept = %s</source>
        <translation>%s на контрольную точку × %s хранимых = %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="269"/>
        <source>target step time</source>
        <translation>целевое время шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="270"/>
        <source>target throughput</source>
        <translation>целевая пропускная способность</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="271"/>
        <source>measured here</source>
        <translation>измерено здесь</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="272"/>
        <source>Which GPU models and counts meet these requirements, with their delivery times?</source>
        <translation>Какие модели и количество GPU удовлетворяют этим требованиям и каковы сроки поставки?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="273"/>
        <source>What interconnect (NVLink/NVSwitch, PCIe generation) do the offered servers have between GPUs?</source>
        <translation>Какое межсоединение (NVLink/NVSwitch, поколение PCIe) между GPU у предлагаемых серверов?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="274"/>
        <source>Can the offered configuration be lent for an acceptance run with this tool before purchase?</source>
        <translation>Можно ли получить предлагаемую конфигурацию для приёмочного прогона этим инструментом до покупки?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="275"/>
        <source>What are the power and cooling requirements of the offered servers?</source>
        <translation>Каковы требования к питанию и охлаждению предлагаемых серверов?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="276"/>
        <source>The measurement ran on the CPU here; the GPU figures are the estimate&apos;s.</source>
        <translation>Измерение здесь выполнено на CPU; цифры для GPU — из оценки.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="277"/>
        <source>Hello,</source>
        <translation>Здравствуйте!</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="278"/>
        <source>please find below the requirements of a training workload and the acceptance report of a test run.</source>
        <translation>Ниже приведены требования к задаче обучения и акт приёмки тестового прогона.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="279"/>
        <source>estimated for a GPU</source>
        <translation>оценка для GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="280"/>
        <source>Regards</source>
        <translation>С уважением</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="281"/>
        <source>Request: hardware for training %s</source>
        <translation>Запрос: оборудование для обучения %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="282"/>
        <source>Problem in the run folder</source>
        <translation>Проблема в папке запуска</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="283"/>
        <source>redacted</source>
        <translation>скрыто</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="284"/>
        <source>Identifying details (host and user names, local paths, serial numbers, UUIDs) are redacted.</source>
        <translation>Идентифицирующие сведения (имена хоста и пользователя, локальные пути, серийные номера, UUID) скрыты.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="285"/>
        <source>no NVIDIA driver found</source>
        <translation>драйвер NVIDIA не найден</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="286"/>
        <source>%s s</source>
        <translation>%s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="287"/>
        <source>%s min %s s</source>
        <translation>%s мин %s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="288"/>
        <source>%s h</source>
        <translation>%s ч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="289"/>
        <source>%s d</source>
        <translation>%s дн.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="290"/>
        <source>GPU-hours</source>
        <translation>GPU-часы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="291"/>
        <source>How these figures were made</source>
        <translation>Как получены эти цифры</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="292"/>
        <source>PCIe or better between the GPUs</source>
        <translation>PCIe или быстрее между GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="293"/>
        <source>Runners-up</source>
        <translation>Другие варианты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="294"/>
        <source>This option does not meet the task</source>
        <translation>Этот вариант не выполняет задачу</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="295"/>
        <source>accumulate</source>
        <translation>накопление</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="296"/>
        <source>against a deadline of %s</source>
        <translation>при сроке %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="297"/>
        <source>budget</source>
        <translation>бюджет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="298"/>
        <source>deadline</source>
        <translation>срок</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="299"/>
        <source>epochs</source>
        <translation>эпох</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="300"/>
        <source>for the test run</source>
        <translation>для тестового прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="301"/>
        <source>host RAM per node</source>
        <translation>ОЗУ хоста на узел</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="302"/>
        <source>layout</source>
        <translation>схема</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="303"/>
        <source>measured: a test run with trainsizer on the hardware described in its report</source>
        <translation>измерено: тестовый прогон trainsizer на оборудовании, описанном в его отчёте</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="304"/>
        <source>meets it</source>
        <translation>успевает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="305"/>
        <source>misses it</source>
        <translation>не успевает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="306"/>
        <source>not computed (no [task] tokens)</source>
        <translation>не рассчитано (нет токенов в [task])</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="307"/>
        <source>note</source>
        <translation>примечание</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="308"/>
        <source>of a budget of %s</source>
        <translation>из бюджета %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="309"/>
        <source>on the CPU here: not a target for the GPU server</source>
        <translation>на CPU здесь: не целевое значение для GPU-сервера</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="310"/>
        <source>on this run&apos;s GPU</source>
        <translation>на GPU этого прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="311"/>
        <source>option</source>
        <translation>вариант</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="312"/>
        <source>per GPU</source>
        <translation>на GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="313"/>
        <source>please find below the requirements of a training workload, sized by trainsizer&apos;s estimate.</source>
        <translation>ниже приведены требования к задаче обучения, рассчитанные оценкой trainsizer.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="314"/>
        <source>step time and throughput</source>
        <translation>время шага и пропускная способность</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="315"/>
        <source>test run step time</source>
        <translation>время шага тестового прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="316"/>
        <source>the class has</source>
        <translation>у класса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="317"/>
        <source>time to train</source>
        <translation>время обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="318"/>
        <source>tokens to train</source>
        <translation>токенов для обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="319"/>
        <source>utilisation %s assumed</source>
        <translation>загрузка %s (принята)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="320"/>
        <source>utilisation %s measured by a run on this GPU class</source>
        <translation>загрузка %s измерена прогоном на этом классе GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="321"/>
        <source>utilisation %s calibrated by a probe of this GPU class</source>
        <translation>загрузка %s уточнена проверкой этого класса GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="322"/>
        <source>utilisation %s fitted to published runs of this GPU class</source>
        <translation>загрузка %s (подобрана по опубликованным запускам этого класса GPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="323"/>
        <source>communication the compute cannot hide: %s</source>
        <translation>обмен, не скрытый вычислениями: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="324"/>
        <source>changes to the agreed spec</source>
        <translation>изменения согласованной спецификации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="325"/>
        <source>estimated: trainsizer&apos;s analytic working set for this layout (docs/estimator.md); time at the stated utilisation of the GPU class&apos;s peak, plus the layout&apos;s collectives over the class&apos;s link that the compute cannot hide (between nodes a NIC per GPU assumed: 400 Gb/s on NVLink servers, 100 Gb/s on PCIe ones)</source>
        <translation>оценка: аналитический рабочий набор trainsizer для этого размещения (docs/estimator.md); время — при указанной загрузке от пиковой производительности класса GPU плюс коллективные операции размещения по каналу класса, которые вычисления не скрывают (между узлами принят один сетевой адаптер на GPU: 400 Гбит/с на серверах с NVLink, 100 Гбит/с на серверах с PCIe)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="326"/>
        <source>one GPU</source>
        <translation>один GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="327"/>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="328"/>
        <source>FSDP full shard</source>
        <translation>FSDP, полное шардирование</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="329"/>
        <source>FSDP grad-op shard</source>
        <translation>FSDP, шардирование градиентов и оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="330"/>
        <source>FSDP full shard with CPU offload</source>
        <translation>FSDP, полное шардирование с выгрузкой на CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="331"/>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="332"/>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="333"/>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="334"/>
        <source>ZeRO-2 with optimizer offload</source>
        <translation>ZeRO-2 с выгрузкой оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="335"/>
        <source>ZeRO-3 with optimizer offload</source>
        <translation>ZeRO-3 с выгрузкой оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="336"/>
        <source>ZeRO-3 with optimizer and parameter offload</source>
        <translation>ZeRO-3 с выгрузкой оптимизатора и параметров</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="337"/>
        <source>tensor parallel</source>
        <translation>тензорный параллелизм</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="338"/>
        <source>pipeline stages</source>
        <translation>стадии конвейера</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="339"/>
        <source>checkpointing</source>
        <translation>чекпоинтинг активаций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="340"/>
        <source>selective checkpointing</source>
        <translation>выборочный чекпоинтинг активаций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="341"/>
        <source>8-bit AdamW</source>
        <translation>8-битный AdamW</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="342"/>
        <source>weights and optimizer states in bf16</source>
        <translation>веса и состояния оптимизатора в bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="343"/>
        <source>LoRA adapters instead of all weights</source>
        <translation>адаптеры LoRA вместо всех весов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="344"/>
        <source>QLoRA (LoRA on 4-bit base weights)</source>
        <translation>QLoRA (LoRA на 4-битных базовых весах)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="345"/>
        <source>one device</source>
        <translation>одно устройство</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="346"/>
        <source>one replica</source>
        <translation>одна реплика</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="347"/>
        <source>ddp replicas</source>
        <translation>реплики ddp</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="348"/>
        <source>fsdp full shard</source>
        <translation>fsdp, полное шардирование</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="349"/>
        <source>fsdp grad-op shard</source>
        <translation>fsdp, шардирование градиентов и оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="350"/>
        <source>ZeRO stage %s</source>
        <translation>ZeRO, стадия %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="351"/>
        <source>%s over %s data-parallel ranks</source>
        <translation>%s на %s рангах параллелизма по данным</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="352"/>
        <source>tensor %s</source>
        <translation>тензорный %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="353"/>
        <source>pipeline %s</source>
        <translation>конвейерный %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="354"/>
        <source>context %s</source>
        <translation>контекстный %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="355"/>
        <source>%s = %s GPUs</source>
        <translation>%s = %s GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="356"/>
        <source>%s = %s CPU ranks</source>
        <translation>%s = %s рангов CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="357"/>
        <source>%s on %s nodes</source>
        <translation>%s на %s узлах</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="358"/>
        <source>between nodes of %s: %s</source>
        <translation>между узлами %s: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="359"/>
        <source>preset</source>
        <translation>пресет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="360"/>
        <source>family</source>
        <translation>семейство</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="361"/>
        <source>params</source>
        <translation>параметров</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="362"/>
        <source>layers</source>
        <translation>слоёв</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="363"/>
        <source>description</source>
        <translation>описание</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="364"/>
        <source>cancelled (%s); %s says what ran</source>
        <translation>отменено (%s); что выполнилось, записано в %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="365"/>
        <source>cancelled (%s)</source>
        <translation>отменено (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="366"/>
        <source>no probes kept in %s (trainsizer probe keeps one each time it runs)</source>
        <translation>в %s не сохранено ни одной пробы (trainsizer probe сохраняет по одной при каждом запуске)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="367"/>
        <source>machine</source>
        <translation>машина</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="368"/>
        <source>file</source>
        <translation>файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="370"/>
        <source>full</source>
        <translation>полная</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="372"/>
        <source>largest %s that fits: %s (%s trials; each in %s)</source>
        <translation>наибольшее %s, которое помещается: %s (попыток: %s; каждая в %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="373"/>
        <source>trial %s = %s: %s</source>
        <translation>попытка %s = %s: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="374"/>
        <source>not installed</source>
        <translation>не установлен</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="375"/>
        <source>%s: python %s (%s), trainsizer %s, torch %s</source>
        <translation>%s: python %s (%s), trainsizer: %s, torch: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="376"/>
        <source>trainsizer remote setup will:</source>
        <translation>trainsizer remote setup выполнит:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="377"/>
        <source>nothing done: add --yes to do it</source>
        <translation>ничего не сделано: добавьте --yes, чтобы выполнить</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="378"/>
        <source>Proceed? [y/N] </source>
        <translation>Продолжить? [y/N] </translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="379"/>
        <source>nothing done</source>
        <translation>ничего не сделано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="380"/>
        <source>%s: trainsizer %s installed in %s</source>
        <translation>%s: trainsizer %s установлен в %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="381"/>
        <source>fits</source>
        <translation>помещается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="382"/>
        <source>internal error: %s (set TRAINSIZER_DEBUG=1 for the traceback)</source>
        <translation>внутренняя ошибка: %s (задайте TRAINSIZER_DEBUG=1, чтобы увидеть трассировку)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="383"/>
        <source>server %s:</source>
        <translation>сервер %s:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="384"/>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="385"/>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="386"/>
        <source>NVIDIA driver %s, CUDA driver %s</source>
        <translation>драйвер NVIDIA %s, драйвер CUDA %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="387"/>
        <source>  topology %s: %s</source>
        <translation>  топология %s: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="388"/>
        <source>GPUs: none (%s: %s)</source>
        <translation>GPU: нет (%s: %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="389"/>
        <source>CPU: %s, %s cores / %s threads</source>
        <translation>CPU: %s, ядер %s / потоков %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="390"/>
        <source>RAM: %s total, %s available; swap %s (%s used)</source>
        <translation>ОЗУ: всего %s, доступно %s; подкачка %s (занято %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="391"/>
        <source>Disk: %s free of %s at %s</source>
        <translation>Диск: свободно %s из %s в %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="392"/>
        <source>Software: %s</source>
        <translation>Программы: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="393"/>
        <source>key</source>
        <translation>ключ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="394"/>
        <source>name</source>
        <translation>название</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="395"/>
        <source>memory</source>
        <translation>память</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="396"/>
        <source>total</source>
        <translation>всего</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="397"/>
        <source>Slurm job %s %s  elapsed %s s</source>
        <translation>задание Slurm %s: %s, прошло %s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="398"/>
        <source>Slurm job %s %s (%s)  elapsed %s s</source>
        <translation>задание Slurm %s: %s (%s), прошло %s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="399"/>
        <source>%s step %s  elapsed %s s</source>
        <translation>%s, шаг %s, прошло %s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="400"/>
        <source>%s step %s  elapsed %s s, ETA %s s</source>
        <translation>%s, шаг %s, прошло %s с, осталось около %s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="401"/>
        <source>checking the model (loads transformers and builds it on the meta device)…</source>
        <translation>проверка модели (загружается transformers, модель строится на устройстве meta)…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="402"/>
        <source>%s: valid (spec, files, config and devices checked against %s)</source>
        <translation>%s: корректна (спецификация, файлы, конфигурация и устройства проверены для %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="403"/>
        <source>%s: valid (spec, files, config, devices and model checked against %s)</source>
        <translation>%s: корректна (спецификация, файлы, конфигурация, устройства и модель проверены для %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="404"/>
        <source>%s: valid (spec, files, config and devices checked on this machine; runs on %s)</source>
        <translation>%s: корректна (спецификация, файлы, конфигурация и устройства проверены на этой машине; запуск на %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="405"/>
        <source>%s: valid (spec, files, config, devices and model checked on this machine; runs on %s)</source>
        <translation>%s: корректна (спецификация, файлы, конфигурация, устройства и модель проверены на этой машине; запуск на %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="406"/>
        <source>%s · %s · %s · %s · micro-batch %s × %s tokens (accumulate %s)</source>
        <translation>%s · %s · %s · %s · микробатч %s × %s токенов (накопление %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="407"/>
        <source>fits: peak %s of %s on %s (headroom %s, %s); peak at %s</source>
        <translation>помещается: пик %s из %s на %s (запас %s, %s); пик на этапе «%s»</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="408"/>
        <source>host: %s; total %s</source>
        <translation>хост: %s; всего %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="409"/>
        <source>communication: the layout&apos;s collectives over each class&apos;s link, what the compute cannot hide added</source>
        <translation>обмен: коллективные операции раскладки по каналу каждого класса; добавлено то, что не скрывается вычислениями</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="410"/>
        <source>tokens/s not known</source>
        <translation>токенов/с: неизвестно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="411"/>
        <source>does not fit: needs %s on %s, has %s; peak at %s</source>
        <translation>не помещается: нужно %s на %s, есть %s; пик на этапе «%s»</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="412"/>
        <source>fit unknown: the capacity of a device is not available</source>
        <translation>помещается ли — неизвестно: ёмкость устройства недоступна</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="413"/>
        <source>%s (each of %s)</source>
        <translation>%s (каждое из %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="414"/>
        <source>Estimate (%s) on %s</source>
        <translation>Оценка (%s) на %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="415"/>
        <source>Estimate (%s) on this machine</source>
        <translation>Оценка (%s) для этой машины</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="416"/>
        <source>Estimate (%s) on the devices of %s</source>
        <translation>Оценка (%s) для устройств %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="417"/>
        <source>wrote %s</source>
        <translation>записано: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="418"/>
        <source>largest micro-batch that fits: %s; longest sequence: %s</source>
        <translation>наибольший помещающийся микробатч: %s; самая длинная последовательность: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="419"/>
        <source>status: %s · verdict: %s</source>
        <translation>состояние: %s · вердикт: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="420"/>
        <source>command: %s · ran %s · exit code %s · %s step lines matched</source>
        <translation>команда: %s · работала %s · код выхода %s · строк шагов распознано: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="421"/>
        <source>step %s median (p95 %s, min %s, %s steps)</source>
        <translation>шаг %s, медиана (p95 %s, минимум %s, шагов: %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="422"/>
        <source>step %s median (p95 %s, min %s, %s steps, from the times of its step lines)</source>
        <translation>шаг %s, медиана (p95 %s, минимум %s, шагов: %s, по времени её строк шагов)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="423"/>
        <source>Plan: hardware options (estimated)</source>
        <translation>План: варианты оборудования (оценка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="424"/>
        <source>target: Slurm partition %s as sinfo describes it: %s node(s) of %s × %s (class from %s: %s), %s RAM and %s CPUs each</source>
        <translation>цель: раздел Slurm %s, как его описывает sinfo: узлов %s по %s × %s (класс из %s: %s), у каждого %s ОЗУ и %s CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="425"/>
        <source>target</source>
        <translation>цель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="426"/>
        <source>peak / GPU</source>
        <translation>пик / GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="427"/>
        <source>free</source>
        <translation>свободно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="428"/>
        <source>step</source>
        <translation>шаг</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="429"/>
        <source>time</source>
        <translation>время</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="430"/>
        <source>GPU-h</source>
        <translation>GPU-ч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="431"/>
        <source>best: option %s, %s — %s; host RAM per node %s</source>
        <translation>лучший: вариант %s, %s — %s; ОЗУ хоста на узел %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="432"/>
        <source>%s layouts sized in %s; `trainsizer request --plan SPEC --option N` drafts the request</source>
        <translation>раскладок оценено: %s за %s; `trainsizer request --plan SPEC --option N` составляет заявку</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="433"/>
        <source>%s tokens/s (counted from the batches its Trainer trained on: %s tokens per step)</source>
        <translation>%s токенов/с (подсчитано по батчам, на которых обучался её Trainer: %s токенов за шаг)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="434"/>
        <source>%s tokens/s if a step is the spec&apos;s batch</source>
        <translation>%s токенов/с, если шаг — это батч спецификации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="435"/>
        <source>parameters: %s total, %s trained</source>
        <translation>параметры: всего %s, обучаемых %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="436"/>
        <source>alive at %s</source>
        <translation>живо на этапе «%s»</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="437"/>
        <source>capacity</source>
        <translation>ёмкость</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="438"/>
        <source>of %s RAM</source>
        <translation>из %s ОЗУ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="439"/>
        <source>time: %s per step, %s tokens/s (%s, at %s)</source>
        <translation>время: %s на шаг, %s токенов/с (%s, при %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="440"/>
        <source>does not fit: out of memory in %s at step %s: %s</source>
        <translation>не помещается: нехватка памяти на этапе %s, шаг %s: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="441"/>
        <source>failed: %s</source>
        <translation>сбой: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="442"/>
        <source>host: worker RSS peak %s</source>
        <translation>хост: пик RSS рабочего процесса %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="443"/>
        <source>%s tokens over %s epoch(s)</source>
        <translation>%s токенов, эпох: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="444"/>
        <source>no [task] tokens given: time to train not computed</source>
        <translation>в [task] не заданы токены: время обучения не вычислено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="445"/>
        <source>deadline %s</source>
        <translation>срок %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="446"/>
        <source>budget %s GPU-hours</source>
        <translation>бюджет %s GPU-часов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="447"/>
        <source>task: %s</source>
        <translation>задача: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="448"/>
        <source>fitted to published runs for %s</source>
        <translation>подобрано по опубликованным запускам для %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="449"/>
        <source>measured for %s by a kept run</source>
        <translation>измерено для %s сохранённым прогоном</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="450"/>
        <source>calibrated by probe for %s (%s)</source>
        <translation>откалибровано проверкой для %s (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="451"/>
        <source>between nodes a NIC per GPU assumed: %s</source>
        <translation>между узлами принята сетевая карта на каждый GPU: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="452"/>
        <source>nothing fits the task; the closest option:</source>
        <translation>задаче ничего не подходит; ближайший вариант:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="453"/>
        <source>fewest GPUs that meet the task: %s</source>
        <translation>наименьшее число GPU, выполняющее задачу: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="454"/>
        <source>fell out: %s (of %s GPU class × count options; --all lists them)</source>
        <translation>отсеяно: %s (из %s вариантов «класс GPU × число»; --all перечисляет их)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="455"/>
        <source>smallest GPU count: %s × %s (%s)</source>
        <translation>наименьшее число GPU: %s × %s (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="456"/>
        <source>advice: %s: saves %s (peak %s)</source>
        <translation>совет: %s: экономит %s (пик %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="457"/>
        <source>placement: %s</source>
        <translation>размещение: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="458"/>
        <source>(no step pattern: step time not observable)</source>
        <translation>(шаблона шага нет: время шага не наблюдается)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="459"/>
        <source>host: peak RSS of its processes %s (measured)</source>
        <translation>хост: пик RSS её процессов %s (измерено)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="460"/>
        <source>stopped %s process(es) it left running</source>
        <translation>остановлено оставленных ею процессов: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="461"/>
        <source>last lines of its stderr:</source>
        <translation>последние строки её stderr:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="462"/>
        <source>%s: peak allocated %s, reserved %s, NVML used %s</source>
        <translation>%s: пик выделенного %s, зарезервировано %s, занято по NVML %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="463"/>
        <source>its Gres</source>
        <translation>его Gres</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="464"/>
        <source>%s node(s) of another kind left out</source>
        <translation>узлов другого вида не учтено: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="465"/>
        <source>probe of %s (%s)</source>
        <translation>проверка %s (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="466"/>
        <source>%s assumed (task.utilization)</source>
        <translation>%s принято (task.utilization)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="467"/>
        <source>%s assumed for the classes without a fit</source>
        <translation>%s принято для классов без подбора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="468"/>
        <source>of %s (%s)</source>
        <translation>из %s (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="469"/>
        <source>together: %s → %s of %s, fits</source>
        <translation>вместе: %s → %s из %s, помещается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="470"/>
        <source>closest: %s → %s of %s, lacks %s: more GPUs (trainsizer plan) or a smaller setup</source>
        <translation>ближе всего: %s → %s из %s, не хватает %s: больше GPU (trainsizer plan) или меньшая конфигурация</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="471"/>
        <source>unique %s</source>
        <translation>уникальной %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="472"/>
        <source>not timed: %s warm-up step(s), %s with an evaluation between its step lines</source>
        <translation>не засекались: шагов прогрева %s, с оценкой между строками шагов %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="473"/>
        <source>MFU %s of %s</source>
        <translation>MFU %s от %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="474"/>
        <source>predicted (estimated): %s, %s tokens/s (%s); measured ÷ predicted %s</source>
        <translation>предсказано (оценка): %s, %s токенов/с (%s); измерено ÷ предсказано %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="475"/>
        <source>measured/estimated</source>
        <translation>измерено/оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="476"/>
        <source>%s: peak %s (measured: the CPU allocator&apos;s record)</source>
        <translation>%s: пик %s (измерено: запись аллокатора CPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="477"/>
        <source>memory headroom %s</source>
        <translation>запас памяти %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="478"/>
        <source>at most %s GPUs</source>
        <translation>не более %s GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="479"/>
        <source>changes to the agreed spec: %s</source>
        <translation>изменения согласованной спецификации: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="480"/>
        <source>needs %s</source>
        <translation>нужно: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="481"/>
        <source>note: %s</source>
        <translation>примечание: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="482"/>
        <source>communication: %s; the compute cannot hide %s of it</source>
        <translation>обмен: %s; вычисления не скрывают %s из него</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="483"/>
        <source>summed over %s processes; the largest: %s (pid %s), peak RSS %s</source>
        <translation>сумма по %s процессам; крупнейший: %s (PID %s), пик RSS %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="484"/>
        <source>at most %s nodes</source>
        <translation>не более %s узлов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="485"/>
        <source>at most one node</source>
        <translation>не более одного узла</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="486"/>
        <source>all-reduce between its %s ranks: %s GB/s bus bandwidth, %s (measured after the timed steps)</source>
        <translation>полная редукция между его %s рангами: пропускная способность шины %s GB/s, %s (измерено после хронометрируемых шагов)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="487"/>
        <source>at most one GPU</source>
        <translation>не более одного GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="488"/>
        <source>assumed: the class&apos;s usual server</source>
        <translation>принято: обычный сервер этого класса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="489"/>
        <source>items (tracker) ÷ allocator peak %s</source>
        <translation>статьи (трекер) ÷ пик аллокатора %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="490"/>
        <source>utilisation of peak %s, compute alone: %s</source>
        <translation>загрузка от пика %s, только вычисления: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="491"/>
        <source>verdict: %s · %s (%s)</source>
        <translation>вердикт: %s · %s (%s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="492"/>
        <source>the page cache could not be dropped: may read from RAM</source>
        <translation>страничный кэш сбросить не удалось: чтение может идти из ОЗУ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="493"/>
        <source>Readiness probe of %s, %s</source>
        <translation>Проверка готовности %s, %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="494"/>
        <source>What is wrong:</source>
        <translation>Что не так:</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="495"/>
        <source>%s, %s ranks, %s</source>
        <translation>%s, рангов: %s, %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="496"/>
        <source>probe: %s</source>
        <translation>проверка: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="497"/>
        <source>kept: %s (estimates and plans for this machine use it)</source>
        <translation>сохранено: %s (оценки и планы для этой машины используют её)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="582"/>
        <source>%(compute)s as DeepSpeed&apos;s ZeRO runs it: the forward and backward on 16-bit weights and activations, the fp32 master weights with the optimizer states (not torch.autocast)</source>
        <translation>%(compute)s так, как его выполняет ZeRO из DeepSpeed: прямой и обратный проходы на 16-битных весах и активациях, fp32-мастер-веса вместе с состояниями оптимизатора (не torch.autocast)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="583"/>
        <source>%(compute)s with tensor, pipeline or context parallelism is sized as torchtitan and Megatron run it: 16-bit weights and activations (FSDP2&apos;s MixedPrecisionPolicy), the fp32 master weights with the optimizer states; without them the same spec is sized under torch.autocast, as the builtin loop runs it</source>
        <translation>%(compute)s с тензорным, конвейерным или контекстным параллелизмом оценивается так, как его выполняют torchtitan и Megatron: 16-битные веса и активации (MixedPrecisionPolicy из FSDP2), fp32-мастер-веса вместе с состояниями оптимизатора; без них та же спецификация оценивается под torch.autocast, как её выполняет встроенный цикл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="589"/>
        <source>the stage&apos;s unsharded gradients accumulate in fp32 between micro-batches (FSDP2&apos;s reduce dtype)</source>
        <translation>нешардированные градиенты стадии накапливаются в fp32 между микробатчами (тип редукции FSDP2)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="609"/>
        <source>all-reduce bus bandwidth %(gbs)s GB/s measured by a kept run on %(machine)s (%(date)s)</source>
        <translation>пропускная способность шины при полной редукции %(gbs)s GB/s, измерена сохранённым запуском на %(machine)s (%(date)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="610"/>
        <source>all-reduce bus bandwidth %(gbs)s GB/s between nodes measured by probe of %(machine)s (%(date)s)</source>
        <translation>пропускная способность шины при полной редукции между узлами %(gbs)s GB/s, измерена проверкой %(machine)s (%(date)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="621"/>
        <source>Prove that a machine can train a model.</source>
        <translation>Доказать, что машина может обучить модель.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="622"/>
        <source>show the version of trainsizer and exit</source>
        <translation>показать версию trainsizer и выйти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="623"/>
        <source>write, validate and describe run specifications</source>
        <translation>записать, проверить и описать спецификации прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="624"/>
        <source>write a spec with defaults for a preset</source>
        <translation>записать спецификацию со значениями по умолчанию для пресета</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="625"/>
        <source>the model preset (`trainsizer presets` lists them; default tiny-llama)</source>
        <translation>пресет модели (список — `trainsizer presets`; по умолчанию tiny-llama)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="626"/>
        <source>file to write (.toml or .json)</source>
        <translation>файл для записи (.toml или .json)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="627"/>
        <source>overwrite an existing file</source>
        <translation>перезаписать существующий файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="630"/>
        <source>check a spec, its model and the target&apos;s devices</source>
        <translation>проверить спецификацию, её модель и устройства цели</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="631"/>
        <source>run specification (.toml or .json)</source>
        <translation>спецификация прогона (.toml или .json)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="632"/>
        <source>its problems</source>
        <translation>её ошибок</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="744"/>
        <source>Tiny Llama-like model (about 7 M parameters): the embedded default, trains on a CPU in seconds.</source>
        <translation>Крошечная модель наподобие Llama (около 7 млн параметров): встроенная по умолчанию, обучается на ЦП за секунды.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="745"/>
        <source>GPT-2 small, 124 M parameters (OpenAI, 2019).</source>
        <translation>GPT-2 small, 124 млн параметров (OpenAI, 2019).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="746"/>
        <source>SmolLM2 135M (Hugging Face, 2024).</source>
        <translation>SmolLM2 135M (Hugging Face, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="747"/>
        <source>Pythia 160M (EleutherAI, GPT-NeoX architecture).</source>
        <translation>Pythia 160M (EleutherAI, архитектура GPT-NeoX).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="748"/>
        <source>Qwen2.5 0.5B (Alibaba, 2024).</source>
        <translation>Qwen2.5 0.5B (Alibaba, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="749"/>
        <source>TinyLlama 1.1B (2024).</source>
        <translation>TinyLlama 1.1B (2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="750"/>
        <source>Llama 3.2 1B (Meta, 2024).</source>
        <translation>Llama 3.2 1B (Meta, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="751"/>
        <source>Pythia 1.4B (EleutherAI, GPT-NeoX architecture).</source>
        <translation>Pythia 1.4B (EleutherAI, архитектура GPT-NeoX).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="752"/>
        <source>Qwen2.5 1.5B (Alibaba, 2024).</source>
        <translation>Qwen2.5 1.5B (Alibaba, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="753"/>
        <source>GPT-2 XL, 1.5 B parameters (OpenAI, 2019).</source>
        <translation>GPT-2 XL, 1,5 млрд параметров (OpenAI, 2019).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="754"/>
        <source>Gemma 2 2B (Google, 2024).</source>
        <translation>Gemma 2 2B (Google, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="755"/>
        <source>Phi-2 2.7B (Microsoft, 2023).</source>
        <translation>Phi-2 2.7B (Microsoft, 2023).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="756"/>
        <source>StarCoder2 3B (BigCode, 2024).</source>
        <translation>StarCoder2 3B (BigCode, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="757"/>
        <source>Llama 3.2 3B (Meta, 2024).</source>
        <translation>Llama 3.2 3B (Meta, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="758"/>
        <source>Phi-3 mini 3.8B, 4k context (Microsoft, 2024).</source>
        <translation>Phi-3 mini 3.8B, контекст 4k (Microsoft, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="759"/>
        <source>Pythia 6.9B (EleutherAI, GPT-NeoX architecture).</source>
        <translation>Pythia 6.9B (EleutherAI, архитектура GPT-NeoX).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="760"/>
        <source>Mistral 7B v0.3 (Mistral AI, 2024).</source>
        <translation>Mistral 7B v0.3 (Mistral AI, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="761"/>
        <source>OLMo 2 7B (Allen Institute for AI, 2024).</source>
        <translation>OLMo 2 7B (Allen Institute for AI, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="762"/>
        <source>Qwen2.5 7B (Alibaba, 2024).</source>
        <translation>Qwen2.5 7B (Alibaba, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="763"/>
        <source>Llama 3.1 8B (Meta, 2024).</source>
        <translation>Llama 3.1 8B (Meta, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="764"/>
        <source>Qwen3 8B (Alibaba, 2025).</source>
        <translation>Qwen3 8B (Alibaba, 2025).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="765"/>
        <source>Gemma 2 9B (Google, 2024).</source>
        <translation>Gemma 2 9B (Google, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="766"/>
        <source>Mixtral 8x7B sparse mixture of experts (Mistral AI, 2023).</source>
        <translation>Mixtral 8x7B, разреженная смесь экспертов (Mistral AI, 2023).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="767"/>
        <source>Llama 3.1 70B (Meta, 2024).</source>
        <translation>Llama 3.1 70B (Meta, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="768"/>
        <source>Qwen2.5 72B (Alibaba, 2024).</source>
        <translation>Qwen2.5 72B (Alibaba, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="769"/>
        <source>Llama 3.1 405B (Meta, 2024).</source>
        <translation>Llama 3.1 405B (Meta, 2024).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="629"/>
        <source>language of %s (default: TRAINSIZER_LANG, else en)</source>
        <translation>язык %s (по умолчанию: TRAINSIZER_LANG, иначе en)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="633"/>
        <source>check against hypothetical devices, e.g. 8xH100-80GB (default: this machine)</source>
        <translation>проверить для гипотетических устройств, например 8xH100-80GB (по умолчанию: эта машина)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="634"/>
        <source>always build the model on the meta device (by default only when the spec needs it)</source>
        <translation>всегда строить модель на устройстве meta (по умолчанию — только когда это нужно спецификации)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="635"/>
        <source>skip the model stage (no transformers import)</source>
        <translation>пропустить этап модели (без импорта transformers)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="636"/>
        <source>every field with its default and description</source>
        <translation>все поля со значениями по умолчанию и описаниями</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="637"/>
        <source>one section, e.g. batch (default: every section)</source>
        <translation>один раздел, например batch (по умолчанию: все разделы)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="638"/>
        <source>print JSON</source>
        <translation>вывести JSON</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="639"/>
        <source>list the built-in model presets</source>
        <translation>список встроенных пресетов моделей</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="640"/>
        <source>this machine&apos;s GPUs, CPU, RAM, disk and software</source>
        <translation>GPU, ЦП, ОЗУ, диск и ПО этой машины</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="641"/>
        <source>list the accelerators known for planning instead</source>
        <translation>вместо этого перечислить ускорители, известные для планирования</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="628"/>
        <source>the terminal&apos;s output</source>
        <translation>вывода в терминал</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="642"/>
        <source>a test server over SSH: user@server[:port] or an alias of ~/.ssh/config (default: this machine)</source>
        <translation>тестовый сервер по SSH: user@server[:port] или псевдоним из ~/.ssh/config (по умолчанию: эта машина)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="643"/>
        <source>predict the working set per device, whether it fits, and what to change</source>
        <translation>предсказать рабочий набор на устройство, поместится ли он и что изменить</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="644"/>
        <source>hypothetical devices for planning, e.g. 8xH100-80GB (default: this machine)</source>
        <translation>гипотетические устройства для планирования, например 8xH100-80GB (по умолчанию: эта машина)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="645"/>
        <source>trace the real model on fake tensors (exact; seconds)</source>
        <translation>трассировать настоящую модель на фиктивных тензорах (точно; секунды)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="646"/>
        <source>print the result as JSON</source>
        <translation>вывести результат в JSON</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="647"/>
        <source>also write the JSON result to this file</source>
        <translation>также записать результат в JSON в этот файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="648"/>
        <source>ranked hardware options for the spec and its [task] (GPU class, count, layout, time)</source>
        <translation>ранжированные варианты оборудования для спецификации и её [task] (класс GPU, число, раскладка, время)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="649"/>
        <source>run specification (.toml or .json); its [task] section sizes the job</source>
        <translation>спецификация прогона (.toml или .json); её раздел [task] задаёт объём работы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="650"/>
        <source>tokens to train per epoch (task.tokens)</source>
        <translation>токенов обучения за эпоху (task.tokens)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="651"/>
        <source>passes over the data (task.epochs)</source>
        <translation>проходов по данным (task.epochs)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="652"/>
        <source>wall-clock hours to finish in (task.deadline_hours)</source>
        <translation>часов реального времени на выполнение (task.deadline_hours)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="653"/>
        <source>largest GPU-hours (task.budget_gpu_hours)</source>
        <translation>наибольшее число GPU-часов (task.budget_gpu_hours)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="654"/>
        <source>model-FLOPs utilisation assumed for GPUs (task.utilization)</source>
        <translation>принятая загрузка GPU по FLOP модели (task.utilization)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="655"/>
        <source>candidate GPU classes, e.g. H100-80GB,A100-80GB or {mem=96GiB,bf16=989} (default: every known one and the user&apos;s accelerators.toml)</source>
        <translation>классы GPU-кандидатов, например H100-80GB,A100-80GB или {mem=96GiB,bf16=989} (по умолчанию: все известные и accelerators.toml пользователя)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="656"/>
        <source>free memory an option must leave per GPU (fraction of the peak; default 0.1)</source>
        <translation>свободная память, которую вариант должен оставить на каждом GPU (доля пика; по умолчанию 0.1)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="657"/>
        <source>options shown (default 5)</source>
        <translation>сколько вариантов показать (по умолчанию 5)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="658"/>
        <source>the customer&apos;s limit: at most this many nodes</source>
        <translation>ограничение заказчика: не более стольких узлов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="659"/>
        <source>the customer&apos;s limit: at most this many GPUs in all</source>
        <translation>ограничение заказчика: не более стольких GPU всего</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="660"/>
        <source>plan for the nodes of a Slurm partition, as sinfo describes them (GPUs, memory, CPUs, count)</source>
        <translation>планировать для узлов раздела Slurm, как их описывает sinfo (GPU, память, ЦП, число)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="661"/>
        <source>with --slurm: the partition (default: [cluster] partition, else all)</source>
        <translation>с --slurm: раздел (по умолчанию: [cluster] partition, иначе все)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="662"/>
        <source>list every GPU class × count option, not the top ones</source>
        <translation>перечислить все варианты «класс GPU × число», а не только лучшие</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="663"/>
        <source>print the plan as JSON</source>
        <translation>вывести план в JSON</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="664"/>
        <source>is this machine what it claims? GEMM, memory, PCIe, NVML health, collectives, disk — each against what its parts should give</source>
        <translation>та ли это машина, за которую себя выдаёт? GEMM, память, PCIe, состояние по NVML, коллективные операции, диск — каждое против того, что должны давать её компоненты</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="665"/>
        <source>smaller tests (under 15 s without GPUs)</source>
        <translation>тесты поменьше (до 15 с без GPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="666"/>
        <source>size the disk test by this spec&apos;s checkpoint, in its checkpoint folder</source>
        <translation>задать объём теста диска по контрольной точке этой спецификации, в её папке контрольных точек</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="667"/>
        <source>the checkpoint folder to test (default: the current folder)</source>
        <translation>проверяемая папка контрольных точек (по умолчанию: текущая папка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="668"/>
        <source>print the probe as JSON</source>
        <translation>вывести проверку в JSON</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="669"/>
        <source>also write the JSON probe to this file</source>
        <translation>также записать проверку в JSON в этот файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="670"/>
        <source>do not keep it (kept probes calibrate estimates)</source>
        <translation>не сохранять её (сохранённые проверки калибруют оценки)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="671"/>
        <source>probe the nodes of a Slurm cluster as a batch job (each node, and the collectives between them), submitted with sbatch from this login node or from --host&apos;s</source>
        <translation>проверить узлы кластера Slurm пакетным заданием (каждый узел и коллективные операции между ними), отправленным через sbatch с этого узла входа или с узла из --host</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="672"/>
        <source>with --slurm: the partition (default: --spec&apos;s [cluster])</source>
        <translation>с --slurm: раздел (по умолчанию: [cluster] из --spec)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="673"/>
        <source>with --slurm: how many nodes (default: 1)</source>
        <translation>с --slurm: сколько узлов (по умолчанию: 1)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="674"/>
        <source>with --slurm: GPUs per node (default: 0)</source>
        <translation>с --slurm: GPU на узел (по умолчанию: 0)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="675"/>
        <source>with --slurm: the job&apos;s time limit (default: 15:00, or --spec&apos;s)</source>
        <translation>с --slurm: ограничение времени задания (по умолчанию: 15:00 или из --spec)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="676"/>
        <source>several servers over SSH, comma-separated: each probes itself, then the collectives run between them (torchrun on each, as a run across them would)</source>
        <translation>несколько серверов по SSH через запятую: каждый проверяет себя, затем между ними выполняются коллективные операции (torchrun на каждом, как в прогоне на них всех)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="677"/>
        <source>with --hosts: HOST:PORT of the first host (default: its address:29400)</source>
        <translation>с --hosts: HOST:PORT первого хоста (по умолчанию: его адрес:29400)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="678"/>
        <source>prepare a test server reached over SSH</source>
        <translation>подготовить тестовый сервер, доступный по SSH</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="679"/>
        <source>install this trainsizer on the server (a venv under your home there), saying what first</source>
        <translation>установить этот trainsizer на сервер (venv в вашем домашнем каталоге там), сначала сказав, что будет сделано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="680"/>
        <source>user@server[:port] or an alias of ~/.ssh/config</source>
        <translation>user@server[:port] или псевдоним из ~/.ssh/config</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="681"/>
        <source>the trainsizer wheel to install (default: built from this source tree)</source>
        <translation>устанавливаемый wheel trainsizer (по умолчанию: собранный из этого дерева исходников)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="682"/>
        <source>the torch to install there, as pip takes it (default: the server&apos;s own)</source>
        <translation>какой torch установить там, в форме для pip (по умолчанию: тот, что на сервере)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="683"/>
        <source>do it without asking</source>
        <translation>сделать без вопросов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="684"/>
        <source>measure real training steps in a worker process</source>
        <translation>измерить настоящие шаги обучения в рабочем процессе</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="685"/>
        <source>run directory (created; events.jsonl, logs, result.json)</source>
        <translation>папка прогона (создаётся; events.jsonl, журналы, result.json)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="686"/>
        <source>search the largest micro-batch or sequence length that fits</source>
        <translation>найти наибольший помещающийся микробатч или длину последовательности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="687"/>
        <source>print result.json instead of the summary</source>
        <translation>вывести result.json вместо сводки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="688"/>
        <source>print every event as a JSON line instead (for front ends)</source>
        <translation>вместо этого выводить каждое событие строкой JSON (для интерфейсов)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="689"/>
        <source>replace the run already in RUN_DIR (its result and events)</source>
        <translation>заменить прогон, уже лежащий в RUN_DIR (его результат и события)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="690"/>
        <source>keep the run&apos;s scratch folder on the server</source>
        <translation>оставить рабочую папку прогона на сервере</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="691"/>
        <source>run as a Slurm batch job ([cluster] in the spec: partition, account, time limit, ...), submitted with sbatch from this login node</source>
        <translation>выполнить пакетным заданием Slurm ([cluster] в спецификации: раздел, счёт, ограничение времени, …), отправленным через sbatch с этого узла входа</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="692"/>
        <source>the full acceptance check: estimate, measure, quality, resume</source>
        <translation>полная приёмочная проверка: оценка, измерение, качество, возобновление</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="693"/>
        <source>run directory (created)</source>
        <translation>папка прогона (создаётся)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="694"/>
        <source>print every event and stage as a JSON line instead (for front ends)</source>
        <translation>вместо этого выводить каждое событие и этап строкой JSON (для интерфейсов)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="695"/>
        <source>export the acceptance report of a run directory</source>
        <translation>экспортировать акт приёмки папки прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="696"/>
        <source>a run directory written by check or measure (or the GUI)</source>
        <translation>папка прогона, записанная check или measure (или окном)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="697"/>
        <source>the file&apos;s format (default html)</source>
        <translation>формат файла (по умолчанию html)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="698"/>
        <source>file to write (default: RUN_DIR/report.FORMAT)</source>
        <translation>файл для записи (по умолчанию: RUN_DIR/report.FORMAT)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="699"/>
        <source>the report</source>
        <translation>акта</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="700"/>
        <source>draft a hardware-selection request from a run directory, a plan, or both</source>
        <translation>составить черновик запроса на подбор оборудования по папке прогона, по плану или по обоим</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="701"/>
        <source>a run directory written by check or measure (or the GUI); optional with --plan</source>
        <translation>папка прогона, записанная check или measure (или окном); с --plan необязательна</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="702"/>
        <source>draft it from a plan of this spec (no run needed)</source>
        <translation>составить его по плану этой спецификации (прогон не нужен)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="703"/>
        <source>with --plan: the option number (default: the best)</source>
        <translation>с --plan: номер варианта (по умолчанию: лучший)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="704"/>
        <source>md: Markdown; eml: an e-mail to send (default md)</source>
        <translation>md: Markdown; eml: письмо для отправки (по умолчанию md)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="705"/>
        <source>recipient address (eml)</source>
        <translation>адрес получателя (eml)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="706"/>
        <source>keep host and user names, paths, serials and UUIDs</source>
        <translation>оставить имена хостов и пользователей, пути, серийные номера и UUID</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="707"/>
        <source>memory headroom above the peak (fraction; default 0.2)</source>
        <translation>запас памяти сверх пика (доля; по умолчанию 0.2)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="708"/>
        <source>checkpoints kept on disk at a time (default 3)</source>
        <translation>сколько контрольных точек хранится на диске одновременно (по умолчанию 3)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="709"/>
        <source>file to write (default: RUN_DIR/request.FORMAT, or request.FORMAT here with --plan)</source>
        <translation>файл для записи (по умолчанию: RUN_DIR/request.FORMAT, а с --plan — request.FORMAT здесь)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="710"/>
        <source>the request</source>
        <translation>запроса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="711"/>
        <source>the runs kept by the window (list, show)</source>
        <translation>прогоны, сохранённые окном (list, show)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="712"/>
        <source>every run kept, newest first (the default)</source>
        <translation>все сохранённые прогоны, новые первыми (по умолчанию)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="713"/>
        <source>one run&apos;s result, as check prints it</source>
        <translation>результат одного прогона, как его выводит check</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="714"/>
        <source>a folder name from the list, or any run folder</source>
        <translation>имя папки из списка или любая папка прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="715"/>
        <source>two runs side by side: what changed, what it saved</source>
        <translation>два прогона рядом: что изменилось и что это сэкономило</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="716"/>
        <source>run A: a folder name from the list, or any run folder</source>
        <translation>прогон A: имя папки из списка или любая папка прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="717"/>
        <source>run B</source>
        <translation>прогон B</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="718"/>
        <source>the readiness probes kept (trainsizer probe), newest first; or one</source>
        <translation>сохранённые проверки готовности (trainsizer probe), новые первыми; или одна</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="719"/>
        <source>a file name from the list (or any probe .json): print it</source>
        <translation>имя файла из списка (или любой .json проверки): вывести её</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="720"/>
        <source>where the runs are kept (default: the user data directory)</source>
        <translation>где хранятся прогоны (по умолчанию: каталог данных пользователя)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="721"/>
        <source>open the desktop application (the default)</source>
        <translation>открыть настольное приложение (по умолчанию)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="722"/>
        <source>a spec (.toml/.json) to load, or a run folder to show</source>
        <translation>спецификация (.toml/.json) для загрузки или папка прогона для показа</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="723"/>
        <source>usage: </source>
        <translation>использование: </translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="724"/>
        <source>positional arguments</source>
        <translation>позиционные аргументы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="725"/>
        <source>options</source>
        <translation>параметры</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="726"/>
        <source>show this help message and exit</source>
        <translation>показать эту справку и выйти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="727"/>
        <source>%(prog)s: error: %(message)s
</source>
        <translation>%(prog)s: ошибка: %(message)s
</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="728"/>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>аргумент %(argument_name)s: %(message)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="729"/>
        <source>the following arguments are required: %s</source>
        <translation>не заданы обязательные аргументы: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="730"/>
        <source>unrecognized arguments: %s</source>
        <translation>нераспознанные аргументы: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="731"/>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>недопустимое значение: %(value)r (выберите из %(choices)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="732"/>
        <source>invalid %(type)s value: %(value)r</source>
        <translation>недопустимое значение типа %(type)s: %(value)r</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="733"/>
        <source>expected one argument</source>
        <translation>ожидается один аргумент</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="734"/>
        <source>expected at most one argument</source>
        <translation>ожидается не более одного аргумента</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="735"/>
        <source>expected at least one argument</source>
        <translation>ожидается хотя бы один аргумент</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="736"/>
        <source>expected %s argument</source>
        <translation>ожидается аргументов: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="737"/>
        <source>expected %s arguments</source>
        <translation>ожидается аргументов: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="738"/>
        <source>not allowed with argument %s</source>
        <translation>нельзя вместе с аргументом %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="739"/>
        <source>one of the arguments %s is required</source>
        <translation>нужен один из аргументов %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="740"/>
        <source>ignored explicit argument %r</source>
        <translation>явный аргумент %r проигнорирован</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="741"/>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation>неоднозначный параметр: %(option)s может означать %(matches)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="742"/>
        <source>unknown parser %(parser_name)r (choices: %(choices)s)</source>
        <translation>неизвестная команда %(parser_name)r (варианты: %(choices)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="743"/>
        <source>can&apos;t open &apos;%(filename)s&apos;: %(error)s</source>
        <translation>не удаётся открыть &apos;%(filename)s&apos;: %(error)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="369"/>
        <source>quick</source>
        <translation>быстрая</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="498"/>
        <source>CPU matmul probe</source>
        <translation>замера матричного умножения на CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="499"/>
        <source>stages: %s</source>
        <translation>этапы: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="500"/>
        <source>results: %s</source>
        <translation>результаты: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="501"/>
        <source>checkpoint %s</source>
        <translation>контрольная точка %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="502"/>
        <source>save %s</source>
        <translation>сохранение %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="503"/>
        <source>load %s</source>
        <translation>загрузка %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="504"/>
        <source>quality: %s</source>
        <translation>качество: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="505"/>
        <source>resume: %s</source>
        <translation>возобновление: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="506"/>
        <source>(measured on %s)</source>
        <translation>(измерено на %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="507"/>
        <source>%s nodes</source>
        <translation>%s узлах</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="508"/>
        <source>a Slurm cluster (through %s)</source>
        <translation>кластере Slurm (через %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="509"/>
        <source>a Slurm cluster</source>
        <translation>кластере Slurm</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="510"/>
        <source>changed: %s</source>
        <translation>изменено: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="511"/>
        <source>nothing</source>
        <translation>ничего</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="512"/>
        <source>where they ran: %s</source>
        <translation>где выполнялись: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="513"/>
        <source>the same</source>
        <translation>то же самое</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="514"/>
        <source>step time: A %s, B %s (B/A %s)</source>
        <translation>время шага: A %s, B %s (B/A %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="515"/>
        <source>tokens/s: A %s, B %s</source>
        <translation>токенов/с: A %s, B %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="516"/>
        <source>verdict: A %s, B %s</source>
        <translation>вердикт: A %s, B %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="517"/>
        <source>no runs kept in %s</source>
        <translation>сохранённых прогонов нет в %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="518"/>
        <source>date (UTC)</source>
        <translation>дата (UTC)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="519"/>
        <source>precision</source>
        <translation>точность</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="520"/>
        <source>folder</source>
        <translation>папка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="371"/>
        <source>in %s</source>
        <translation>в %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="521"/>
        <source>folder: %s</source>
        <translation>папка: %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="522"/>
        <source>Slurm job %s on %s</source>
        <translation>задание Slurm %s на %s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="523"/>
        <source>(login node %s)</source>
        <translation>(узел входа %s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="524"/>
        <source>%s ranks; per-device figures shown for each rank&apos;s device</source>
        <translation>рангов: %s; показатели по устройству — для устройства каждого ранга</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="525"/>
        <source>analytic</source>
        <translation>аналитическая</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="526"/>
        <source>traced</source>
        <translation>трассированная</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="527"/>
        <source>fitted</source>
        <translation>подобрано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="528"/>
        <source>assumed</source>
        <translation>принято</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="529"/>
        <source>network</source>
        <translation>сеть</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="530"/>
        <source>node</source>
        <translation>узел</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="531"/>
        <source>fsdp_all_gather</source>
        <translation>сбор параметров fsdp</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="532"/>
        <source>fsdp_reduce_scatter</source>
        <translation>редукция градиентов fsdp</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="533"/>
        <source>ddp_all_reduce</source>
        <translation>полная редукция ddp</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="534"/>
        <source>tp_all_reduce</source>
        <translation>полная редукция тензорного параллелизма</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="535"/>
        <source>cp_ring</source>
        <translation>кольцо контекстного параллелизма</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="536"/>
        <source>pp_send_recv</source>
        <translation>передачи между стадиями конвейера</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="537"/>
        <source>offload_optimizer_copy</source>
        <translation>копирование выгруженного оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="538"/>
        <source>offload_params_copy</source>
        <translation>копирование выгруженных параметров</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="539"/>
        <source>reduce_scatter</source>
        <translation>редукция градиентов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="540"/>
        <source>all_gather_after_step</source>
        <translation>сбор весов после шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="541"/>
        <source>host and GPUs</source>
        <translation>хост и GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="542"/>
        <source>disk</source>
        <translation>диск</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="543"/>
        <source>nodes</source>
        <translation>узлы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="544"/>
        <source>between nodes</source>
        <translation>между узлами</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="545"/>
        <source>inventory</source>
        <translation>опись</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="546"/>
        <source>no peak in the accelerator catalog (accelerators.toml can add one)</source>
        <translation>в каталоге ускорителей нет пика (его можно добавить в accelerators.toml)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="547"/>
        <source>no memory bandwidth in the catalog</source>
        <translation>в каталоге нет пропускной способности памяти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="548"/>
        <source>the PCIe link is not known (NVML)</source>
        <translation>канал PCIe неизвестен (NVML)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="549"/>
        <source>ECC is off or not reported</source>
        <translation>ECC выключен или не сообщается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="550"/>
        <source>NVML gives no power limit</source>
        <translation>NVML не сообщает предел мощности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="551"/>
        <source>no planned checkpoint (give --spec)</source>
        <translation>нет запланированной контрольной точки (укажите --spec)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="552"/>
        <source>one GPU: nothing between GPUs to measure</source>
        <translation>один GPU: между GPU измерять нечего</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="553"/>
        <source>between_processes</source>
        <translation>между процессами</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="554"/>
        <source>between_gpus</source>
        <translation>между GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="555"/>
        <source>between_nodes</source>
        <translation>между узлами</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="556"/>
        <source>end of forward</source>
        <translation>конец прямого прохода</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="557"/>
        <source>optimizer step</source>
        <translation>шаг оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="558"/>
        <source>CPU GEMM (%(dtype)s) calibrated by probe of %(machine)s (%(date)s)</source>
        <translation>GEMM на CPU (%(dtype)s), откалибровано проверкой %(machine)s (%(date)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="559"/>
        <source>CPU matmul probe (%(dtype)s, measured %(when)s)</source>
        <translation>замер матричного умножения на CPU (%(dtype)s, измерено %(when)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="560"/>
        <source>no peak %(key)s TFLOP/s known for %(gpu)s</source>
        <translation>пик %(key)s в TFLOP/s для %(gpu)s неизвестен</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="561"/>
        <source>%(gpu)s peak %(peak)s TFLOP/s (%(key)s)</source>
        <translation>%(gpu)s, пик %(peak)s TFLOP/s (%(key)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="562"/>
        <source>%(gpu)s peak %(peak)s TFLOP/s (%(key)s), calibrated by probe of %(machine)s (%(date)s) (GEMM %(share)s of peak)</source>
        <translation>%(gpu)s, пик %(peak)s TFLOP/s (%(key)s), откалибровано проверкой %(machine)s (%(date)s) (GEMM %(share)s от пика)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="563"/>
        <source>same board</source>
        <translation>одна плата</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="564"/>
        <source>PCIe switch (single)</source>
        <translation>коммутатор PCIe (один)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="565"/>
        <source>PCIe switches (multiple)</source>
        <translation>коммутаторы PCIe (несколько)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="566"/>
        <source>PCIe host bridge</source>
        <translation>хост-мост PCIe</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="567"/>
        <source>same CPU socket (NUMA node)</source>
        <translation>один сокет CPU (узел NUMA)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="568"/>
        <source>across CPU sockets (SMP)</source>
        <translation>между сокетами CPU (SMP)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="569"/>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="570"/>
        <source>accounting</source>
        <translation>учёт памяти</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="571"/>
        <source>eval</source>
        <translation>оценка качества</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="572"/>
        <source>environment</source>
        <translation>окружение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="573"/>
        <source>estimate</source>
        <translation>оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="574"/>
        <source>measure</source>
        <translation>измерение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="575"/>
        <source>quality</source>
        <translation>качество</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="576"/>
        <source>resume</source>
        <translation>возобновление</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="577"/>
        <source>loop: the %(engine)s engine&apos;s — loss = model(**batch).loss; loss.backward(): the model output is dropped before backward (as transformers.Trainer does), so only what autograd saved of the logits stays</source>
        <translation>цикл движка %(engine)s: loss = model(**batch).loss; loss.backward(): выход модели отбрасывается до обратного прохода (как в transformers.Trainer), поэтому от логитов остаётся только сохранённое autograd</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="578"/>
        <source>not modelled: TRL&apos;s SFTTrainer also computes the entropy and the token accuracy of the logits in every training step; the measured peak shows what they add</source>
        <translation>не моделируется: SFTTrainer из TRL на каждом шаге обучения ещё вычисляет энтропию и точность по токенам для логитов; измеренный пик показывает, сколько это добавляет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="579"/>
        <source>selective checkpointing: each layer keeps its input and its matmul (and attention) outputs; backward recomputes the norms, activations and products of one layer at a time</source>
        <translation>выборочные контрольные точки: каждый слой хранит свой вход и выходы матричных умножений (и внимания); обратный проход пересчитывает нормировки, активации и произведения по одному слою</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="580"/>
        <source>gradient checkpointing: activations are the layer inputs; backward recomputes one layer at a time</source>
        <translation>контрольные точки градиента: активации — это входы слоёв; обратный проход пересчитывает по одному слою</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="581"/>
        <source>autocast&apos;s cache holds a 16-bit copy of every trained weight until the forward ends (%(size)s per device, counted at the forward): sharding does not split it; pure bf16 (precision.compute = &quot;bf16&quot;) or ZeRO&apos;s 16-bit weights have none</source>
        <translation>кэш autocast держит 16-битную копию каждого обучаемого веса до конца прямого прохода (%(size)s на устройство, учтено в прямом проходе): шардирование её не делит; в чистом bf16 (precision.compute = &quot;bf16&quot;) или с 16-битными весами ZeRO её нет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="584"/>
        <source>pipeline: %(pp)s stages under 1F1B with %(micro)s micro-batches per step; the first stage holds min(%(pp)s, micro-batches) micro-batches&apos; activations of its layers</source>
        <translation>конвейер: %(pp)s стадий по схеме 1F1B, микробатчей на шаг: %(micro)s; первая стадия хранит активации своих слоёв для min(%(pp)s, число микробатчей) микробатчей</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="585"/>
        <source>tensor parallel over %(tp)s GPUs with sequence parallelism; its all-reduce buffers are not counted</source>
        <translation>тензорный параллелизм на %(tp)s GPU с параллелизмом по последовательности; его буферы полной редукции не учтены</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="586"/>
        <source>tensor parallel over %(tp)s GPUs without sequence parallelism; its all-reduce buffers are not counted</source>
        <translation>тензорный параллелизм на %(tp)s GPU без параллелизма по последовательности; его буферы полной редукции не учтены</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="587"/>
        <source>context parallel: each GPU holds %(tokens)s of every sequence&apos;s tokens</source>
        <translation>контекстный параллелизм: каждый GPU хранит %(tokens)s токенов каждой последовательности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="588"/>
        <source>ZeRO-3 with pipeline stages: weights and gradients unsharded on the stage</source>
        <translation>ZeRO-3 со стадиями конвейера: веса и градиенты на стадии не шардируются</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="590"/>
        <source>ZeRO offload: optimizer states and the optimizer step in host memory</source>
        <translation>выгрузка ZeRO: состояния оптимизатора и шаг оптимизатора — в памяти хоста</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="591"/>
        <source>ZeRO-3 parameter offload: parameters in host memory, gathered one block at a time</source>
        <translation>выгрузка параметров ZeRO-3: параметры в памяти хоста, собираются по одному блоку</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="592"/>
        <source>fsdp cpu_offload: sharded parameters, gradients and optimizer states live in host memory</source>
        <translation>fsdp cpu_offload: шардированные параметры, градиенты и состояния оптимизатора находятся в памяти хоста</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="593"/>
        <source>fsdp with pipeline stages: weights and gradients unsharded on the stage</source>
        <translation>fsdp со стадиями конвейера: веса и градиенты на стадии не шардируются</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="594"/>
        <source>not traced (%(why)s): the analytic estimate is shown</source>
        <translation>трассировка не выполнена (%(why)s): показана аналитическая оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="595"/>
        <source>traced on fake tensors in %(seconds)s s</source>
        <translation>трассировано на фиктивных тензорах за %(seconds)s с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="596"/>
        <source>traced as one process; the sharding of model states is applied as in the analytic estimate</source>
        <translation>трассировано как один процесс; шардирование состояний модели применено как в аналитической оценке</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="597"/>
        <source>the optimizer step reads tensor values and was not traced</source>
        <translation>шаг оптимизатора читает значения тензоров и не трассировался</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="598"/>
        <source>correction: checkpointing: the causal mask the real run does not make (%(held)s bytes, held by the checkpointed layers) removed from both peaks</source>
        <translation>поправка: контрольные точки: причинная маска, которую реальный прогон не создаёт (%(held)s байт, удерживается слоями с контрольными точками), убрана из обоих пиков</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="599"/>
        <source>correction: checkpointing: the causal mask the real run does not make (%(held)s bytes, held by the checkpointed layers) removed from both peaks; one recomputed layer&apos;s mask and repeated k/v (%(more)s bytes) from the backward peak</source>
        <translation>поправка: контрольные точки: причинная маска, которую реальный прогон не создаёт (%(held)s байт, удерживается слоями с контрольными точками), убрана из обоих пиков; маска и повторённые k/v одного пересчитываемого слоя (%(more)s байт) — из пика обратного прохода</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="600"/>
        <source>correction: %(count)s materialised causal masks removed (%(bytes)s bytes): the real SDPA call is causal without a mask</source>
        <translation>поправка: убраны материализованные причинные маски (%(count)s шт., %(bytes)s байт): реальный вызов SDPA причинный и без маски</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="601"/>
        <source>correction: k and v repeated to %(heads)s heads counted at %(kv_heads)s (%(bytes)s bytes): the real run uses grouped-query SDPA</source>
        <translation>поправка: k и v, повторённые до %(heads)s голов, учтены как %(kv_heads)s (%(bytes)s байт): реальный прогон использует SDPA с группированными запросами</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="602"/>
        <source>%(link)s: %(one_way)s GB/s one way at %(eff)s</source>
        <translation>%(link)s: %(one_way)s GB/s в одну сторону при %(eff)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="603"/>
        <source>%(link)s: rate not stated, NVLink 4 assumed (450 GB/s one way) at %(eff)s</source>
        <translation>%(link)s: скорость не указана, принят NVLink 4 (450 GB/s в одну сторону) при %(eff)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="604"/>
        <source>%(link)s: PCIe %(gen)s.0 x%(lanes)s at %(eff)s</source>
        <translation>%(link)s: PCIe %(gen)s.0 x%(lanes)s при %(eff)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="605"/>
        <source>%(link)s: PCIe 4.0 x16 assumed at %(eff)s</source>
        <translation>%(link)s: принят PCIe 4.0 x16 при %(eff)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="606"/>
        <source>link not stated: PCIe 4.0 x16 assumed at %(eff)s</source>
        <translation>канал не указан: принят PCIe 4.0 x16 при %(eff)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="607"/>
        <source>%(gbps)s Gb/s per GPU between nodes (assumed) at %(eff)s</source>
        <translation>%(gbps)s Gb/s на GPU между узлами (принято) при %(eff)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="608"/>
        <source>all-reduce bus bandwidth %(gbs)s GB/s measured by probe of %(machine)s (%(date)s)</source>
        <translation>пропускная способность шины при полной редукции %(gbs)s GB/s, измерена проверкой %(machine)s (%(date)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="611"/>
        <source>does not fit</source>
        <translation>не помещается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="612"/>
        <source>misses the deadline</source>
        <translation>не успевает к сроку</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="613"/>
        <source>over the GPU-hour budget</source>
        <translation>превышает бюджет GPU-часов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="614"/>
        <source>no bf16 support</source>
        <translation>нет поддержки bf16</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="615"/>
        <source>needs more host RAM per node than the server has</source>
        <translation>нужно больше оперативной памяти на узел, чем есть на сервере</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="616"/>
        <source>NVLink inside a node (tensor parallelism)</source>
        <translation>NVLink внутри узла (тензорный параллелизм)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="617"/>
        <source>PCIe peer-to-peer between the GPU pairs of a replica (tensor parallelism without NVLink)</source>
        <translation>прямой обмен по PCIe между парами GPU одной реплики (тензорный параллелизм без NVLink)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="618"/>
        <source>a fast fabric between nodes (InfiniBand or RoCE, 200 Gb/s or more per GPU)</source>
        <translation>быстрая сеть между узлами (InfiniBand или RoCE, от 200 Гбит/с на GPU)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="619"/>
        <source>the optimizer step runs on the host CPUs and is not in the step time</source>
        <translation>шаг оптимизатора выполняется на CPU хоста и не входит во время шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="620"/>
        <source>tensor parallelism over PCIe (no NVLink): the step is slower than shown; 2 GPUs per replica at most</source>
        <translation>тензорный параллелизм через PCIe (без NVLink): шаг медленнее показанного; не больше 2 GPU на реплику</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="31"/>
        <source>No results yet. Pick a model and a target on the left: the estimate above follows the form. Measure runs real training steps; Full acceptance proves the five checks.</source>
        <translation>Результатов пока нет. Выберите модель и цель слева: оценка выше следует за формой. «Измерить» выполняет настоящие шаги обучения; «Полная приёмка» проводит пять проверок.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="60"/>
        <source>check</source>
        <translation>проверка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="60"/>
        <source>status</source>
        <translation>статус</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="60"/>
        <source>evidence</source>
        <translation>доказательство</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="77"/>
        <source>item</source>
        <translation>статья</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="77"/>
        <source>estimated</source>
        <translation>оценка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="77"/>
        <source>measured</source>
        <translation>измерено</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="77"/>
        <source>ratio</source>
        <translation>отношение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="92"/>
        <source>Export acceptance report…</source>
        <translation>Экспорт акта приёмки…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="93"/>
        <source>Draft hardware request…</source>
        <translation>Черновик запроса на оборудование…</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="120"/>
        <source>Verdict: %1</source>
        <translation>Вердикт: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="173"/>
        <source>Step time: median %1 s, p95 %2 s, min %3 s over %4 steps · %5 tokens/s · %6 TFLOP/s</source>
        <translation>Время шага: медиана %1 с, p95 %2 с, минимум %3 с по %4 шагам · %5 токенов/с · %6 ТФЛОП/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="188"/>
        <source>Step time predicted %1 s, measured %2 s (measured ÷ predicted %3)</source>
        <translation>Время шага: прогноз %1 с, измерено %2 с (измерено ÷ прогноз %3)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="195"/>
        <source>Host RSS peak: %1</source>
        <translation>Пиковый RSS на хосте: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="200"/>
        <source>%1 peak: allocated %2, reserved %3, NVML %4</source>
        <translation>%1, пик: выделено %2, зарезервировано %3, NVML %4</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="211"/>
        <source>Out of memory in %1 at step %2: %3</source>
        <translation>Нехватка памяти на этапе «%1», шаг %2: %3</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="220"/>
        <source>Cancelled by you. What ran until then is kept in the run folder (events.jsonl, result.json) and shown here.</source>
        <translation>Отменено вами. Выполненное до отмены сохранено в папке прогона (events.jsonl, result.json) и показано здесь.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="225"/>
        <source>Failure: %1</source>
        <translation>Сбой: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="232"/>
        <source>Quality: %1</source>
        <translation>Качество: %1</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="240"/>
        <source>Resume: max |Δloss| %1, max |Δparam| %2, checkpoint %3, save %4 s, load %5 s</source>
        <translation>Возобновление: макс. |Δпотерь| %1, макс. |Δпараметров| %2, контрольная точка %3, сохранение %4 с, загрузка %5 с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/results.py" line="249"/>
        <source>Error: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
</context>
<context>
    <name>SpecField</name>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="70"/>
        <source>preset</source>
        <translation>пресет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="71"/>
        <source>config</source>
        <translation>конфигурация</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="72"/>
        <source>pretrained</source>
        <translation>предобученная</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="73"/>
        <source>hub id</source>
        <translation>id в хабе</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="74"/>
        <source>allow network</source>
        <translation>разрешить сеть</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="75"/>
        <source>trust remote code</source>
        <translation>доверять удалённому коду</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="76"/>
        <source>attn implementation</source>
        <translation>реализация внимания</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="77"/>
        <source>max positions</source>
        <translation>макс. позиций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="78"/>
        <source>kind</source>
        <translation>вид</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="79"/>
        <source>lora rank</source>
        <translation>ранг LoRA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="80"/>
        <source>lora alpha</source>
        <translation>альфа LoRA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="81"/>
        <source>lora dropout</source>
        <translation>дропаут LoRA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="82"/>
        <source>lora targets</source>
        <translation>модули LoRA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="83"/>
        <source>trainable layers</source>
        <translation>обучаемые слои</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="84"/>
        <source>qlora double quant</source>
        <translation>двойное квантование QLoRA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="85"/>
        <source>compute</source>
        <translation>вычисления</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="86"/>
        <location filename="../../trainsizer/gui/spec_text.py" line="134"/>
        <source>name</source>
        <translation>название</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="87"/>
        <source>lr</source>
        <translation>скорость обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="88"/>
        <source>weight decay</source>
        <translation>затухание весов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="89"/>
        <source>momentum</source>
        <translation>момент</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="90"/>
        <source>scheduler</source>
        <translation>планировщик</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="91"/>
        <location filename="../../trainsizer/gui/spec_text.py" line="124"/>
        <source>warmup steps</source>
        <translation>шаги разогрева</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="92"/>
        <source>max grad norm</source>
        <translation>макс. норма градиента</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="93"/>
        <source>micro batch</source>
        <translation>микробатч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="94"/>
        <source>grad accum</source>
        <translation>накопление градиентов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="95"/>
        <source>seq len</source>
        <translation>длина последовательности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="96"/>
        <source>gradient checkpointing</source>
        <translation>пересчёт активаций</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="97"/>
        <source>checkpoint policy</source>
        <translation>политика чекпоинтинга</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="98"/>
        <source>strategy</source>
        <translation>стратегия</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="99"/>
        <source>devices</source>
        <translation>устройства</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="100"/>
        <source>fsdp sharding</source>
        <translation>шардирование FSDP</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="101"/>
        <source>cpu offload</source>
        <translation>выгрузка на CPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="102"/>
        <source>processes</source>
        <translation>процессы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="103"/>
        <source>hosts</source>
        <translation>узлы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="104"/>
        <source>ranks per host</source>
        <translation>рангов на узел</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="105"/>
        <source>rendezvous</source>
        <translation>точка встречи (rendezvous)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="106"/>
        <source>zero stage</source>
        <translation>стадия zero</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="107"/>
        <source>offload optimizer</source>
        <translation>выгрузка оптимизатора</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="108"/>
        <source>offload params</source>
        <translation>выгрузка параметров</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="109"/>
        <source>tensor parallel</source>
        <translation>тензорный параллелизм</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="110"/>
        <source>sequence parallel</source>
        <translation>параллелизм по последовательности</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="111"/>
        <source>pipeline parallel</source>
        <translation>конвейерный параллелизм</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="112"/>
        <source>context parallel</source>
        <translation>параллелизм по контексту</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="113"/>
        <source>source</source>
        <translation>источник</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="114"/>
        <source>path</source>
        <translation>путь</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="115"/>
        <source>format</source>
        <translation>формат</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="116"/>
        <source>text field</source>
        <translation>текстовое поле</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="117"/>
        <source>eval fraction</source>
        <translation>доля для оценки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="118"/>
        <location filename="../../trainsizer/gui/spec_text.py" line="127"/>
        <source>seed</source>
        <translation>зерно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="119"/>
        <source>metric</source>
        <translation>метрика</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="120"/>
        <source>train steps</source>
        <translation>шаги обучения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="121"/>
        <source>eval batches</source>
        <translation>батчи оценки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="122"/>
        <source>rule</source>
        <translation>правило</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="123"/>
        <source>threshold</source>
        <translation>порог</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="125"/>
        <source>steps</source>
        <translation>шаги</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="126"/>
        <source>sample hz</source>
        <translation>частота выборки, Гц</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="128"/>
        <source>target tokens per s</source>
        <translation>целевые токены в секунду</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="129"/>
        <source>max step s</source>
        <translation>предельное время шага, с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="130"/>
        <source>dir</source>
        <translation>папка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="131"/>
        <source>resume at</source>
        <translation>возобновить после</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="132"/>
        <source>resume steps</source>
        <translation>шаги проверки возобновления</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="133"/>
        <source>keep</source>
        <translation>сохранять</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="135"/>
        <source>command</source>
        <translation>команда</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="136"/>
        <source>cwd</source>
        <translation>рабочая папка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="137"/>
        <source>env</source>
        <translation>переменные окружения</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="138"/>
        <source>time limit s</source>
        <translation>предел времени, с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="139"/>
        <source>step pattern</source>
        <translation>шаблон строк шага</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="140"/>
        <source>metric pattern</source>
        <translation>шаблон строк метрики</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="141"/>
        <source>trainer callback</source>
        <translation>обратный вызов Trainer</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="142"/>
        <source>stop args</source>
        <translation>аргументы остановки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="143"/>
        <source>resume args</source>
        <translation>аргументы возобновления</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="144"/>
        <source>checkpoint path</source>
        <translation>путь контрольной точки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="145"/>
        <source>resume tolerance</source>
        <translation>допуск возобновления</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="146"/>
        <source>tokens</source>
        <translation>токены</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="147"/>
        <source>examples</source>
        <translation>примеры</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="148"/>
        <source>tokens per example</source>
        <translation>токенов на пример</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="149"/>
        <source>epochs</source>
        <translation>эпох</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="150"/>
        <source>deadline hours</source>
        <translation>срок, ч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="151"/>
        <source>budget gpu hours</source>
        <translation>бюджет, GPU-ч</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="152"/>
        <source>utilization</source>
        <translation>загрузка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="153"/>
        <source>partition</source>
        <translation>раздел</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="154"/>
        <source>account</source>
        <translation>учётная запись</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="155"/>
        <source>nodes</source>
        <translation>узлы</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="156"/>
        <source>gpus per node</source>
        <translation>GPU на узел</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="157"/>
        <source>time limit</source>
        <translation>ограничение времени</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="158"/>
        <source>sbatch lines</source>
        <translation>строки sbatch</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="159"/>
        <source>container</source>
        <translation>контейнер</translation>
    </message>
</context>
<context>
    <name>SpecForm</name>
    <message>
        <location filename="../../trainsizer/gui/form.py" line="278"/>
        <source>Choose a file or folder</source>
        <translation>Выбрать файл или папку</translation>
    </message>
</context>
<context>
    <name>SpecHelp</name>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="70"/>
        <source>Name of a built-in architecture preset (trainsizer presets).</source>
        <translation>Имя встроенного пресета архитектуры (trainsizer presets).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="71"/>
        <source>Path to a Hugging Face config.json of a causal LM (random weights).</source>
        <translation>Путь к config.json причинной языковой модели Hugging Face (случайные веса).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="72"/>
        <source>Local directory with config, safetensors weights and tokenizer.</source>
        <translation>Локальная папка с конфигурацией, весами safetensors и токенизатором.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="73"/>
        <source>Hugging Face hub id, resolved from the local cache only.</source>
        <translation>Идентификатор в хабе Hugging Face, ищется только в локальном кэше.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="74"/>
        <source>Allow downloading hub_id when it is not in the local cache.</source>
        <translation>Разрешить загрузку hub_id, если его нет в локальном кэше.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="75"/>
        <source>Run model code shipped with the checkpoint (a security risk).</source>
        <translation>Выполнять код модели, поставляемый с чекпойнтом (риск безопасности).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="76"/>
        <source>Attention kernel: sdpa, eager or flash_attention_2.</source>
        <translation>Ядро внимания: sdpa, eager или flash_attention_2.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="77"/>
        <source>Positions the model takes, over its config&apos;s max_position_embeddings: a longer context, as a rope-scaled or long-context fine-tune runs it (rotary models; the worker builds it so).</source>
        <translation>Сколько позиций принимает модель, поверх max_position_embeddings её конфигурации: более длинный контекст, как его использует дообучение с масштабированием RoPE или на длинном контексте (модели с вращательными позициями; рабочий процесс строит модель так же).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="78"/>
        <source>What is trained: full, freeze (last layers), lora or qlora.</source>
        <translation>Что обучается: full, freeze (последние слои), lora или qlora.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="79"/>
        <source>LoRA rank r (lora and qlora).</source>
        <translation>Ранг LoRA r (lora и qlora).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="80"/>
        <source>LoRA scaling alpha (lora and qlora).</source>
        <translation>Масштаб alpha LoRA (lora и qlora).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="81"/>
        <source>Dropout on the LoRA input (lora and qlora).</source>
        <translation>Дропаут на входе LoRA (lora и qlora).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="82"/>
        <source>Module names that get LoRA adapters, or [&quot;all-linear&quot;].</source>
        <translation>Имена модулей, получающих адаптеры LoRA, или [&quot;all-linear&quot;].</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="83"/>
        <source>freeze: number of last transformer layers left trainable.</source>
        <translation>freeze: число последних слоёв трансформера, которые обучаются.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="84"/>
        <source>qlora: quantize the quantization constants too (NF4).</source>
        <translation>qlora: квантовать и константы квантования (NF4).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="85"/>
        <source>fp32, bf16-mixed / fp16-mixed (autocast, fp32 weights), or pure bf16 weights.</source>
        <translation>fp32, bf16-mixed / fp16-mixed (autocast, веса fp32) или чистые веса bf16.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="86"/>
        <source>Optimizer: adamw, adamw-fused, adamw-8bit, sgd, sgd-momentum, adafactor.</source>
        <translation>Оптимизатор: adamw, adamw-fused, adamw-8bit, sgd, sgd-momentum, adafactor.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="87"/>
        <source>Peak learning rate.</source>
        <translation>Пиковая скорость обучения.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="88"/>
        <source>Decoupled weight decay.</source>
        <translation>Раздельное затухание весов (decoupled weight decay).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="89"/>
        <source>sgd-momentum: momentum factor.</source>
        <translation>sgd-momentum: коэффициент момента.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="90"/>
        <source>Learning-rate schedule after warm-up.</source>
        <translation>Расписание скорости обучения после разогрева.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="91"/>
        <source>Steps of linear learning-rate warm-up.</source>
        <translation>Шаги линейного разогрева скорости обучения.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="92"/>
        <source>Gradient clipping norm (0 disables clipping).</source>
        <translation>Норма отсечения градиента (0 отключает отсечение).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="93"/>
        <source>Sequences per device per forward/backward.</source>
        <translation>Последовательностей на устройство за прямой/обратный проход.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="94"/>
        <source>Micro-batches accumulated per optimizer step.</source>
        <translation>Микробатчей, накапливаемых на шаг оптимизатора.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="95"/>
        <source>Tokens per sequence.</source>
        <translation>Токенов в последовательности.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="96"/>
        <source>Recompute activations in backward instead of storing them.</source>
        <translation>Пересчитывать активации при обратном проходе вместо хранения.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="97"/>
        <source>Checkpointing: full (keep layer inputs) or selective (keep matmul outputs; planning only).</source>
        <translation>Чекпоинтинг: full (хранить входы слоёв) или selective (хранить выходы матричных умножений; только для планирования).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="98"/>
        <source>single device, ddp (replicas), fsdp (sharded) or zero (DeepSpeed ZeRO stages; planning only).</source>
        <translation>одно устройство, ddp (реплики), fsdp (шардирование) или zero (стадии DeepSpeed ZeRO; только для планирования).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="99"/>
        <source>Devices to use: cpu, cuda:0, cuda:0,1 or auto.</source>
        <translation>Используемые устройства: cpu, cuda:0, cuda:0,1 или auto.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="100"/>
        <source>fsdp: full (weights, grads, optimizer; ZeRO-3-like) or grad-op (ZeRO-2-like).</source>
        <translation>fsdp: full (веса, градиенты, оптимизатор; как ZeRO-3) или grad-op (как ZeRO-2).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="101"/>
        <source>fsdp: keep parameters, gradients and optimizer states in host memory.</source>
        <translation>fsdp: держать параметры, градиенты и состояния оптимизатора в памяти хоста.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="102"/>
        <source>devices = cpu: number of ranks (gloo) for ddp/fsdp on the CPU.</source>
        <translation>devices = cpu: число рангов (gloo) для ddp/fsdp на CPU.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="103"/>
        <source>Several nodes: servers over SSH (user@server[:port] or ssh aliases); torchrun runs on each.</source>
        <translation>Несколько узлов: серверы по SSH (user@server[:port] или псевдонимы ssh); torchrun запускается на каждом.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="104"/>
        <source>hosts: ranks (processes) per node (torchrun --nproc-per-node).</source>
        <translation>hosts: рангов (процессов) на узел (torchrun --nproc-per-node).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="105"/>
        <source>hosts: the c10d rendezvous address:port on the first host (default: its address, port 29400).</source>
        <translation>hosts: адрес:порт точки встречи c10d на первом узле (по умолчанию его адрес, порт 29400).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="106"/>
        <source>zero: 1 shards optimizer states, 2 also gradients, 3 also weights.</source>
        <translation>zero: 1 шардирует состояния оптимизатора, 2 — ещё и градиенты, 3 — ещё и веса.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="107"/>
        <source>zero: optimizer states (and the step) in host memory (ZeRO-Offload).</source>
        <translation>zero: состояния оптимизатора (и шаг) в памяти хоста (ZeRO-Offload).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="108"/>
        <source>zero stage 3: parameters in host memory too (ZeRO-Infinity, CPU).</source>
        <translation>zero, стадия 3: параметры тоже в памяти хоста (ZeRO-Infinity, CPU).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="109"/>
        <source>Tensor-parallel degree (Megatron-style; planning only).</source>
        <translation>Степень тензорного параллелизма (как в Megatron; только для планирования).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="110"/>
        <source>With tensor parallelism: shard norms and dropouts along the sequence too.</source>
        <translation>При тензорном параллелизме: шардировать нормализации и dropout и по последовательности.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="111"/>
        <source>Pipeline stages (1F1B; micro-batches = grad_accum; planning only).</source>
        <translation>Стадии конвейера (1F1B; микробатчей = grad_accum; только для планирования).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="112"/>
        <source>Context-parallel degree: the sequence split over GPUs (planning only).</source>
        <translation>Степень параллелизма по контексту: последовательность делится между GPU (только для планирования).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="113"/>
        <source>synthetic (random tokens), builtin (generated corpus) or path.</source>
        <translation>synthetic (случайные токены), builtin (сгенерированный корпус) или path.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="114"/>
        <source>source = path: a text, JSONL or CSV file, or a dataset saved to disk.</source>
        <translation>source = path: текстовый файл, JSONL, CSV или датасет, сохранённый на диск.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="115"/>
        <source>File format of path; auto guesses from the name.</source>
        <translation>Формат файла path; auto определяет по имени.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="116"/>
        <source>JSONL key, CSV column or dataset column that holds the text.</source>
        <translation>Ключ JSONL, столбец CSV или датасета с текстом.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="117"/>
        <source>Share of the data held out for evaluation.</source>
        <translation>Доля данных, отложенная для оценки.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="118"/>
        <source>Seed of the corpus generator, the split and the shuffle.</source>
        <translation>Зерно генератора корпуса, разбиения и перемешивания.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="119"/>
        <source>Held-out metric: eval_loss, perplexity or token_accuracy.</source>
        <translation>Метрика на отложенных данных: eval_loss, perplexity или token_accuracy.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="120"/>
        <source>Optimizer steps trained between the two evaluations.</source>
        <translation>Шаги оптимизатора между двумя оценками.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="121"/>
        <source>Held-out micro-batches per evaluation.</source>
        <translation>Отложенных микробатчей на одну оценку.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="122"/>
        <source>relative: improve by at least threshold (a fraction); absolute: reach threshold.</source>
        <translation>relative: улучшение не меньше порога (доля); absolute: достичь порога.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="123"/>
        <source>The rule&apos;s number: a fraction for relative, a metric value for absolute.</source>
        <translation>Число правила: доля для relative, значение метрики для absolute.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="124"/>
        <source>Steps run before timing starts.</source>
        <translation>Шаги до начала замера времени.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="125"/>
        <source>Measured optimizer steps.</source>
        <translation>Измеряемые шаги оптимизатора.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="126"/>
        <source>Memory samples per second.</source>
        <translation>Замеров памяти в секунду.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="127"/>
        <source>Seed of model initialisation and training.</source>
        <translation>Зерно инициализации модели и обучения.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="128"/>
        <source>Agreed throughput in tokens/s: the peak and step check fails below it (0: none agreed).</source>
        <translation>Согласованная пропускная способность, токенов/с: проверка пика и шага не пройдена ниже неё (0: не согласована).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="129"/>
        <source>Agreed longest median optimizer step in seconds: the check fails above it (0: none agreed).</source>
        <translation>Согласованное наибольшее медианное время шага оптимизатора, с: проверка не пройдена выше него (0: не согласовано).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="130"/>
        <source>Where checkpoints go (default: RUN_DIR/checkpoints).</source>
        <translation>Куда сохранять контрольные точки (по умолчанию RUN_DIR/checkpoints).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="131"/>
        <source>Step after which the resume check saves and restarts.</source>
        <translation>Шаг, после которого проверка возобновления сохраняет и перезапускает.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="132"/>
        <source>Total steps of the resume check&apos;s reference run.</source>
        <translation>Всего шагов в эталонном прогоне проверки возобновления.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="133"/>
        <source>Keep checkpoints after the resume check.</source>
        <translation>Сохранять контрольные точки после проверки возобновления.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="134"/>
        <source>Training loop: builtin (exact phases), hf-trainer (transformers.Trainer), trl-sft, or command.</source>
        <translation>Цикл обучения: builtin (точные фазы), hf-trainer (transformers.Trainer), trl-sft или command.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="135"/>
        <source>command: the customer&apos;s training command as an argument list, no shell (e.g. python train.py).</source>
        <translation>command: команда обучения заказчика списком аргументов, без оболочки (например, python train.py).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="136"/>
        <source>command: its working directory (default: the run folder).</source>
        <translation>command: её рабочая папка (по умолчанию — папка прогона).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="137"/>
        <source>command: extra environment variables, each KEY=VALUE.</source>
        <translation>command: дополнительные переменные окружения, каждая в виде KEY=VALUE.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="138"/>
        <source>command: stopped (its whole group) after this long.</source>
        <translation>command: останавливается (вся группа процессов) по истечении этого времени.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="139"/>
        <source>command: a regular expression for its step lines, with groups step and (optional) loss.</source>
        <translation>command: регулярное выражение для строк шага с группами step и (необязательно) loss.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="140"/>
        <source>command: a regular expression for its held-out metric lines, with a group value; the first match is before training, the last after.</source>
        <translation>command: регулярное выражение для строк её метрики на отложенных данных с группой value; первое совпадение — до обучения, последнее — после.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="141"/>
        <source>command: add trainsizer&apos;s TrainerCallback to a transformers.Trainer it builds (step times, losses), through a sitecustomize first on PYTHONPATH.</source>
        <translation>command: добавлять TrainerCallback trainsizer к создаваемому ею transformers.Trainer (время шагов, потери) через sitecustomize в начале PYTHONPATH.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="142"/>
        <source>command resume check: the script&apos;s own option that stops it after {k} steps (default: trainsizer stops it at step k itself — its TrainerCallback or SIGINT — configuration unchanged).</source>
        <translation>проверка продолжения команды: собственный параметр скрипта, останавливающий его после {k} шагов (по умолчанию trainsizer сам останавливает его на шаге k — своим TrainerCallback или SIGINT, — не меняя конфигурацию).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="144"/>
        <source>command resume check: where the command saves its checkpoint, e.g. out/checkpoint-{k} or a fixed ckpt.pt.</source>
        <translation>проверка продолжения команды: куда команда сохраняет контрольную точку, например out/checkpoint-{k} или постоянный ckpt.pt.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="152"/>
        <source>Model-FLOPs utilisation of planned GPUs&apos; compute (0: the table fitted to published runs, 40% for a class it lacks; a measured run or a probe of the class replaces it).</source>
        <translation>Загрузка (MFU) вычислений планируемых GPU (0: таблица, подобранная по опубликованным запускам, 40% для класса, которого в ней нет; измеренный запуск или проверка класса заменяет её).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="153"/>
        <source>Slurm partition (sbatch --partition; default: the cluster&apos;s).</source>
        <translation>Раздел Slurm (sbatch --partition; по умолчанию — раздел кластера).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="154"/>
        <source>Slurm account to charge (sbatch --account).</source>
        <translation>Учётная запись Slurm для списания (sbatch --account).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="155"/>
        <source>Nodes of the job (sbatch --nodes); [parallel]&apos;s ranks run on each: nodes × ranks per node in all.</source>
        <translation>Узлов в задании (sbatch --nodes); ранги из [parallel] запускаются на каждом: всего узлы × ранги на узел.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="156"/>
        <source>GPUs per node (sbatch --gpus-per-node).</source>
        <translation>GPU на узел (sbatch --gpus-per-node).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="157"/>
        <source>The job&apos;s time limit (sbatch --time, e.g. 30:00 or 2:00:00).</source>
        <translation>Ограничение времени задания (sbatch --time, например 30:00 или 2:00:00).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="158"/>
        <source>Extra #SBATCH lines, each an sbatch option such as --qos=short.</source>
        <translation>Дополнительные строки #SBATCH, каждая — параметр sbatch, например --qos=short.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="159"/>
        <source>A container image the job runs in (srun --container-image, pyxis/enroot).</source>
        <translation>Образ контейнера, в котором выполняется задание (srun --container-image, pyxis/enroot).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="143"/>
        <source>command resume check: arguments that resume from {checkpoint}, e.g. --resume_from_checkpoint {checkpoint}.</source>
        <translation>проверка возобновления команды: аргументы возобновления из {checkpoint}, например --resume_from_checkpoint {checkpoint}.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="145"/>
        <source>command resume check: largest |Δloss| accepted (0: identical).</source>
        <translation>проверка возобновления команды: наибольшая допустимая |Δloss| (0: совпадение).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="146"/>
        <source>Tokens to train per epoch (0: examples × tokens_per_example).</source>
        <translation>Токенов на эпоху (0: examples × tokens_per_example).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="147"/>
        <source>Training examples per epoch.</source>
        <translation>Обучающих примеров на эпоху.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="148"/>
        <source>Mean tokens per example (with examples).</source>
        <translation>Среднее число токенов в примере (вместе с examples).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="149"/>
        <source>Passes over the data.</source>
        <translation>Проходов по данным.</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="150"/>
        <source>Wall-clock hours the training must finish in (0: none).</source>
        <translation>За сколько часов обучение должно завершиться (0: без срока).</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/spec_text.py" line="151"/>
        <source>Largest GPU-hours the customer will pay for (0: none).</source>
        <translation>Наибольшее число GPU-часов, которое оплатит заказчик (0: без ограничения).</translation>
    </message>
</context>
<context>
    <name>SpecIssue</name>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="867"/>
        <source>no module named %(missing)s in this model; its layers have %(names)s</source>
        <translation>в этой модели нет модуля %(missing)s; её слои: %(names)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="868"/>
        <source>tensor × pipeline × context = %(tensor_parallel)s × %(pipeline_parallel)s × %(context_parallel)s = %(mp)s does not divide the %(world)s devices</source>
        <translation>тензорный × конвейерный × контекстный = %(tensor_parallel)s × %(pipeline_parallel)s × %(context_parallel)s = %(mp)s не делит %(world)s устройств</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="869"/>
        <source>%(missing)s not in the target devices (%(have)s)</source>
        <translation>%(missing)s нет среди устройств цели (%(have)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="870"/>
        <source>%(pp)s stages for %(layers)s layers</source>
        <translation>%(pp)s стадий на %(layers)s слоёв</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="871"/>
        <source>%(heads)s attention heads do not split over %(tp)s GPUs</source>
        <translation>%(heads)s голов внимания не делятся на %(tp)s GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="872"/>
        <source>seq_len %(seq_len)s does not split over %(cp)s GPUs</source>
        <translation>seq_len %(seq_len)s не делится на %(cp)s GPU</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="873"/>
        <source>the architecture has zero attention heads</source>
        <translation>в архитектуре ноль голов внимания</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="874"/>
        <source>%(seq_len)s is longer than the model&apos;s %(max_positions)s positions</source>
        <translation>%(seq_len)s длиннее, чем %(max_positions)s позиций модели</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="875"/>
        <source>devices = cpu contradicts the planned target (%(targets)s × %(name)s); set devices = &quot;auto&quot; to size the run on the target&apos;s GPUs, or leave --devices out to size it on this machine&apos;s CPU</source>
        <translation>devices = cpu противоречит планируемой цели (%(targets)s × %(name)s); задайте devices = &quot;auto&quot;, чтобы рассчитать запуск на GPU цели, или уберите --devices, чтобы рассчитать его на CPU этой машины</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="876"/>
        <source>one replica spans %(n)s GPUs (tensor × pipeline × context) but the target has %(targets)s</source>
        <translation>одна реплика занимает %(n)s GPU (тензорный × конвейерный × контекстный), а у цели их %(targets)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="898"/>
        <source>no module named %(missing)s in this model; it has %(names)s</source>
        <translation>в этой модели нет модуля %(missing)s; в ней есть %(names)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="899"/>
        <source>the model cannot be built: %(error)s: %(detail)s</source>
        <translation>модель не удаётся построить: %(error)s: %(detail)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="900"/>
        <source>%(where)s: hidden_size %(hidden)s is not divisible by num_attention_heads %(heads)s</source>
        <translation>%(where)s: hidden_size %(hidden)s не делится на num_attention_heads %(heads)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="901"/>
        <source>%(where)s: num_attention_heads %(heads)s is not divisible by num_key_value_heads %(kv)s</source>
        <translation>%(where)s: num_attention_heads %(heads)s не делится на num_key_value_heads %(kv)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="902"/>
        <source>no model: set one of preset, config, pretrained, hub_id</source>
        <translation>модель не задана: укажите одно из preset, config, pretrained, hub_id</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="903"/>
        <source>%(seq_len)s is longer than the model&apos;s %(max_pos)s positions</source>
        <translation>%(seq_len)s длиннее, чем %(max_pos)s позиций модели</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="904"/>
        <source>%(model_type)s is not a causal language model known to transformers</source>
        <translation>%(model_type)s — не известная transformers каузальная языковая модель</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="905"/>
        <source>%(model_class)s does not support gradient checkpointing</source>
        <translation>%(model_class)s не поддерживает контрольные точки градиентов (gradient checkpointing)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="906"/>
        <source>%(path)s: not a Hugging Face config (no model_type)</source>
        <translation>%(path)s: не конфигурация Hugging Face (нет model_type)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="907"/>
        <source>%(path)s: model_type must be a string, got %(data)s</source>
        <translation>%(path)s: model_type должен быть строкой, получено %(data)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="908"/>
        <source>%(where)s: %(key)s must be a positive integer, got %(value)s</source>
        <translation>%(where)s: %(key)s должен быть положительным целым числом, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="909"/>
        <source>%(directory)s: not a directory</source>
        <translation>%(directory)s: не папка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="910"/>
        <source>%(directory)s: not readable</source>
        <translation>%(directory)s: нет доступа на чтение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="911"/>
        <source>%(directory)s: no weights (*.safetensors or pytorch_model.bin)</source>
        <translation>%(directory)s: нет весов (*.safetensors или pytorch_model.bin)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="912"/>
        <source>%(path)s: nested too deeply to be a config</source>
        <translation>%(path)s: слишком глубокая вложенность для конфигурации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="913"/>
        <source>%(path)s: not valid JSON (%(detail)s)</source>
        <translation>%(path)s: некорректный JSON (%(detail)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="914"/>
        <source>%(hub_id)s is not in the local Hugging Face cache</source>
        <translation>%(hub_id)s нет в локальном кэше Hugging Face</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="915"/>
        <source>%(hub_id)s is not in the local Hugging Face cache (the network is off: set model.allow_network = true to download)</source>
        <translation>%(hub_id)s нет в локальном кэше Hugging Face (сеть выключена: задайте model.allow_network = true, чтобы скачать)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="916"/>
        <source>%(hub_id)s cannot be resolved: %(e)s</source>
        <translation>%(hub_id)s не удаётся найти: %(e)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="917"/>
        <source>%(kind)s learns its position embeddings (a table of %(rows)s rows in its weights): its positions cannot be stretched; leave max_positions out</source>
        <translation>%(kind)s обучает позиционные эмбеддинги (таблица из %(rows)s строк в её весах): её позиции нельзя растянуть; не задавайте max_positions</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="918"/>
        <source>unknown preset %(preset)s; did you mean %(close)s? (see trainsizer presets)</source>
        <translation>неизвестный пресет %(preset)s; может быть, %(close)s? (см. trainsizer presets)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="919"/>
        <source>unknown preset %(preset)s (see trainsizer presets)</source>
        <translation>неизвестный пресет %(preset)s (см. trainsizer presets)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="920"/>
        <source>%(where)s: %(detail)s</source>
        <translation>%(where)s: %(detail)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="921"/>
        <source>%(where)s: %(error)s: %(detail)s</source>
        <translation>%(where)s: %(error)s: %(detail)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="922"/>
        <source>%(where)s: unknown architecture %(model_type)s (it may need trust_remote_code = true)</source>
        <translation>%(where)s: неизвестная архитектура %(model_type)s (возможно, нужен trust_remote_code = true)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="923"/>
        <source>%(where)s: unknown architecture %(model_type)s</source>
        <translation>%(where)s: неизвестная архитектура %(model_type)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="987"/>
        <source>must be before the end of the resume check&apos;s run (checkpoint.resume_steps = %(resume_steps)s), got %(resume_at)s</source>
        <translation>должно быть раньше конца запуска проверки продолжения (checkpoint.resume_steps = %(resume_steps)s), получено %(resume_at)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="988"/>
        <source>%(strategy)s needs at least two devices; set parallel.processes &gt;= 2 to run it here, or devices = auto to plan it on a target such as --devices 8xH100-80GB</source>
        <translation>%(strategy)s нужны хотя бы два устройства; задайте parallel.processes &gt;= 2, чтобы запустить здесь, или devices = auto, чтобы планировать на цели вроде --devices 8xH100-80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="989"/>
        <source>%(strategy)s needs at least two devices; list at least two devices, e.g. cuda:0,1, or devices = auto with a target</source>
        <translation>%(strategy)s нужны хотя бы два устройства; перечислите хотя бы два, например cuda:0,1, или задайте devices = auto с целью</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="990"/>
        <source>the customer&apos;s command on several nodes over SSH is not built yet (it starts its own ranks); run it on one server with --host</source>
        <translation>команда заказчика на нескольких узлах по SSH пока не поддерживается (она сама запускает свои ранги); запустите её на одном сервере с --host</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="991"/>
        <source>strategy single runs on one device, got %(world_size)s; choose ddp or fsdp</source>
        <translation>стратегия single работает на одном устройстве, задано %(world_size)s; выберите ddp или fsdp</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="992"/>
        <source>offload needs strategy fsdp, got %(strategy)s</source>
        <translation>выгрузке нужна стратегия fsdp, задано %(strategy)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="993"/>
        <source>applies to devices = &quot;cpu&quot; only; list CUDA devices instead</source>
        <translation>применимо только при devices = &quot;cpu&quot;; вместо этого перечислите устройства CUDA</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="994"/>
        <source>adamw-8bit needs a CUDA device (bitsandbytes); devices is cpu</source>
        <translation>adamw-8bit нужно устройство CUDA (bitsandbytes); devices = cpu</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="995"/>
        <source>fused AdamW with a GradScaler needs CUDA; use adamw on the CPU</source>
        <translation>слитному AdamW с GradScaler нужна CUDA; на CPU используйте adamw</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="996"/>
        <source>tensor parallelism: trainsizer sizes it for planning (estimate, plan), but no engine here runs it</source>
        <translation>тензорный параллелизм: trainsizer рассчитывает его для планирования (estimate, plan), но ни один движок здесь его не запускает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="997"/>
        <source>pipeline parallelism: trainsizer sizes it for planning (estimate, plan), but no engine here runs it</source>
        <translation>конвейерный параллелизм: trainsizer рассчитывает его для планирования (estimate, plan), но ни один движок здесь его не запускает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="998"/>
        <source>context parallelism: trainsizer sizes it for planning (estimate, plan), but no engine here runs it</source>
        <translation>контекстный параллелизм: trainsizer рассчитывает его для планирования (estimate, plan), но ни один движок здесь его не запускает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="999"/>
        <source>zero (DeepSpeed ZeRO): trainsizer sizes it for planning (estimate, plan), but no engine here runs it</source>
        <translation>zero (DeepSpeed ZeRO): trainsizer рассчитывает его для планирования (estimate, plan), но ни один движок здесь его не запускает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1000"/>
        <source>selective checkpointing: trainsizer sizes it for planning (estimate, plan), but no engine here runs it</source>
        <translation>выборочные контрольные точки: trainsizer рассчитывает их для планирования (estimate, plan), но ни один движок здесь их не запускает</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1001"/>
        <source>%(name)s with fsdp is not supported here (the Trainer&apos;s FSDP needs accelerate&apos;s FSDP plugin and CUDA); use ddp, or the builtin engine for fsdp</source>
        <translation>%(name)s с fsdp здесь не поддерживается (FSDP у Trainer требует плагина FSDP из accelerate и CUDA); используйте ddp или встроенный движок для fsdp</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1002"/>
        <source>the Trainer places a single-process run on cuda:0, not %(devices)s; use cuda:0 or auto (or CUDA_VISIBLE_DEVICES)</source>
        <translation>Trainer размещает однопроцессный запуск на cuda:0, а не на %(devices)s; используйте cuda:0 или auto (или CUDA_VISIBLE_DEVICES)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1003"/>
        <source>qlora needs a CUDA device; this target has none</source>
        <translation>qlora нужно устройство CUDA; у этой цели его нет</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1004"/>
        <source>parallel.hosts names the nodes over SSH; give one of them</source>
        <translation>parallel.hosts задаёт узлы по SSH; укажите что-то одно</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1005"/>
        <source>a job on %(nodes)s nodes names its devices per node</source>
        <translation>задание на %(nodes)s узлах перечисляет свои устройства для каждого узла</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1006"/>
        <source>a job on %(nodes)s nodes runs one rank or more on each: choose strategy ddp or fsdp, not %(strategy)s</source>
        <translation>задание на %(nodes)s узлах запускает на каждом один ранг или больше: выберите стратегию ddp или fsdp, а не %(strategy)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1007"/>
        <source>the customer&apos;s command on several nodes is not built yet (it starts its own ranks); run it on one node</source>
        <translation>команда заказчика на нескольких узлах пока не поддерживается (она сама запускает свои ранги); запустите её на одном узле</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1008"/>
        <source>%(cwd)s: no such folder</source>
        <translation>%(cwd)s: нет такой папки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1009"/>
        <source>%(program)s: not found or not executable (the command&apos;s program)</source>
        <translation>%(program)s: не найдена или не исполняемая (программа команды)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1010"/>
        <source>flash_attention_2 runs on CUDA devices only; devices is cpu (use sdpa)</source>
        <translation>flash_attention_2 работает только на устройствах CUDA; devices = cpu (используйте sdpa)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1011"/>
        <source>flash_attention_2 needs the flash-attn package, which is not installed here (use sdpa)</source>
        <translation>flash_attention_2 нужен пакет flash-attn, а он здесь не установлен (используйте sdpa)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1012"/>
        <source>qlora needs a CUDA device (bitsandbytes 4-bit kernels); devices is cpu</source>
        <translation>qlora нужно устройство CUDA (4-битные ядра bitsandbytes); devices = cpu</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1013"/>
        <source>qlora computes in bf16 or fp16; fp32 is not supported</source>
        <translation>qlora считает в bf16 или fp16; fp32 не поддерживается</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1014"/>
        <source>trl-sft needs %(missing)s: pip install &apos;trainsizer[trl]&apos;</source>
        <translation>trl-sft нужны %(missing)s: pip install &apos;trainsizer[trl]&apos;</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1017"/>
        <source>%(compute)s needs bf16 support (compute capability 8.0+); cuda:%(index)s %(name)s has %(cc)s.%(cc2)s</source>
        <translation>%(compute)s требует поддержки bf16 (compute capability 8.0+); у cuda:%(index)s %(name)s — %(cc)s.%(cc2)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1018"/>
        <source>%(compute)s needs fp16 support (compute capability 5.3+); cuda:%(index)s %(name)s has %(cc)s.%(cc2)s</source>
        <translation>%(compute)s требует поддержки fp16 (compute capability 5.3+); у cuda:%(index)s %(name)s — %(cc)s.%(cc2)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1015"/>
        <source>%(p)s: is an existing file; checkpoints need a folder (it is created when missing)</source>
        <translation>%(p)s: это существующий файл; контрольным точкам нужна папка (её создают, если её нет)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="837"/>
        <source>--headroom: must be between 0 and 10 (a fraction; 0.2 = 20 %%), got %(value)s</source>
        <translation>--headroom: должно быть от 0 до 10 (доля; 0.2 = 20 %%), получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="838"/>
        <source>--keep: must be at least 1, got %(value)s</source>
        <translation>--keep: должно быть не меньше 1, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="839"/>
        <source>request needs a run directory, or --plan SPEC to draft it from a plan</source>
        <translation>запросу нужна папка прогона или --plan SPEC, чтобы составить его по плану</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="840"/>
        <source>%(path)s: no such file or folder</source>
        <translation>%(path)s: нет такого файла или папки</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="841"/>
        <source>%(path)s: no option could be sized for this spec</source>
        <translation>%(path)s: для этой спецификации не удалось рассчитать ни одного варианта</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="842"/>
        <source>%(path)s: exists; choose a file with -o</source>
        <translation>%(path)s: уже существует; укажите файл через -o</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="843"/>
        <source>%(path)s: cannot be written (%(said)s)</source>
        <translation>%(path)s: не удаётся записать (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="844"/>
        <source>the window needs PySide6-Essentials and pyqtgraph, which cannot be imported here (%(said)s); the headless commands work without them (trainsizer --help)</source>
        <translation>окну нужны PySide6-Essentials и pyqtgraph, а их здесь не удаётся импортировать (%(said)s); команды без окна работают и без них (trainsizer --help)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="845"/>
        <source>%(path)s: not a probe of trainsizer (schema %(schema)s)</source>
        <translation>%(path)s: это не проба trainsizer (схема %(schema)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="846"/>
        <source>%(path)s: not a readable probe (%(said)s)</source>
        <translation>%(path)s: пробу не удаётся прочитать (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="847"/>
        <source>%(option)s: must be at least 1, got %(value)s</source>
        <translation>%(option)s: должно быть не меньше 1, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="848"/>
        <source>--host: %(reason)s</source>
        <translation>--host: %(reason)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="849"/>
        <source>--known lists this trainsizer&apos;s table; leave out --host</source>
        <translation>--known выводит таблицу этого trainsizer; уберите --host</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="850"/>
        <source>--host sizes the run on that server&apos;s own devices; leave out --devices</source>
        <translation>--host рассчитывает прогон на устройствах самого сервера; уберите --devices</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="851"/>
        <source>--partition: applies with --slurm only</source>
        <translation>--partition: применимо только с --slurm</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="852"/>
        <source>--slurm: %(reason)s</source>
        <translation>--slurm: %(reason)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="853"/>
        <source>--hosts: %(hosts)r names fewer than two different servers</source>
        <translation>--hosts: в %(hosts)r меньше двух разных серверов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="854"/>
        <source>--rendezvous: applies with --hosts only</source>
        <translation>--rendezvous: применимо только с --hosts</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="855"/>
        <source>--slurm: [cluster] container is set; the probe runs trainsizer on the nodes themselves, not in the container (probe without --spec, or with a spec that names no container)</source>
        <translation>--slurm: задан [cluster] container; проба запускает trainsizer на самих узлах, а не в контейнере (запустите пробу без --spec или со спецификацией без контейнера)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="856"/>
        <source>%(flag)s: %(reason)s</source>
        <translation>%(flag)s: %(reason)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="857"/>
        <source>--dir: %(path)s is not a folder</source>
        <translation>--dir: %(path)s — не папка</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="858"/>
        <source>--hosts: give either --hosts or %(flag)s</source>
        <translation>--hosts: укажите либо --hosts, либо %(flag)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="859"/>
        <source>%(flags)s: applies with --slurm only</source>
        <translation>%(flags)s: применимо только с --slurm</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="860"/>
        <source>%(flag)s: %(value)s is not between %(low)s and 64</source>
        <translation>%(flag)s: %(value)s — не от %(low)s до 64</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="861"/>
        <source>--hosts: %(reason)s</source>
        <translation>--hosts: %(reason)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="862"/>
        <source>--find-max runs on this machine only; run it on the server itself, or without parallel.hosts</source>
        <translation>--find-max работает только на этой машине; запустите его на самом сервере или без parallel.hosts</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="863"/>
        <source>%(path)s: exists; use --force to overwrite</source>
        <translation>%(path)s: уже существует; --force перезапишет его</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="864"/>
        <source>unknown section %(section)r</source>
        <translation>неизвестный раздел %(section)r</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="865"/>
        <source>unknown section %(section)r; did you mean %(close)s?</source>
        <translation>неизвестный раздел %(section)r; может быть, %(close)s?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="866"/>
        <source>unknown accelerator %(name)r</source>
        <translation>неизвестный ускоритель %(name)r</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="877"/>
        <source>mem=%(text)r is not a size like 96GiB or 80GB</source>
        <translation>mem=%(text)r — не размер вида 96GiB или 80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="878"/>
        <source>%(key)s: unknown key %(unknown)r (keys: mem, bf16, fp16, fp32, tf32, link, name, mem_bw)</source>
        <translation>%(key)s: неизвестный ключ %(unknown)r (ключи: mem, bf16, fp16, fp32, tf32, link, name, mem_bw)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="879"/>
        <source>%(key)s: memory per GPU must be between 1 GiB and 16 TiB</source>
        <translation>%(key)s: память одного GPU должна быть от 1 ГиБ до 16 ТиБ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="880"/>
        <source>%(key)s: needs bf16= (peak dense bf16 TFLOP/s)</source>
        <translation>%(key)s: нужен bf16= (пиковые плотные TFLOP/s в bf16)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="881"/>
        <source>empty device description; expected e.g. 8xH100-80GB or 2x8xH100-80GB</source>
        <translation>пустое описание устройств; ожидается, например, 8xH100-80GB или 2x8xH100-80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="882"/>
        <source>%(text)r: at most NODESxGPUSxNAME, e.g. 2x8xH100-80GB</source>
        <translation>%(text)r: не больше УЗЛЫ×GPU×ИМЯ, например 2x8xH100-80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="883"/>
        <source>node count must be between 1 and 4096, got %(nodes)s</source>
        <translation>число узлов должно быть от 1 до 4096, получено %(nodes)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="884"/>
        <source>device count must be between 1 and 1024, got %(count)s</source>
        <translation>число устройств должно быть от 1 до 1024, получено %(count)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="885"/>
        <source>unknown accelerator %(name)r; known: %(known)s (or describe it: 8x{mem=96GiB,bf16=989,link=nvlink}, or add it to %(table)s)</source>
        <translation>неизвестный ускоритель %(name)r; известны: %(known)s (или опишите его: 8x{mem=96GiB,bf16=989,link=nvlink}, или добавьте в %(table)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="886"/>
        <source>%(item)r is not key=value (keys: mem, bf16, fp16, fp32, tf32, link, name)</source>
        <translation>%(item)r — не ключ=значение (ключи: mem, bf16, fp16, fp32, tf32, link, name)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="887"/>
        <source>%(key)s: needs mem= (memory per GPU, e.g. mem=96GiB)</source>
        <translation>%(key)s: нужен mem= (память одного GPU, например mem=96GiB)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="888"/>
        <source>%(key)s: mem_bw must be a positive number of GB/s</source>
        <translation>%(key)s: mem_bw должно быть положительным числом ГБ/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="889"/>
        <source>%(path)s: %(reason)s</source>
        <translation>%(path)s: %(reason)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="890"/>
        <source>%(path)s: [%(key)s] must be a table with mem, bf16, fp32, link</source>
        <translation>%(path)s: [%(key)s] должно быть таблицей с mem, bf16, fp32, link</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="891"/>
        <source>%(text)r: at most NODESxGPUSxNAME</source>
        <translation>%(text)r: не больше УЗЛЫ×GPU×ИМЯ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="892"/>
        <source>%(part)r: several nodes need one GPU kind, e.g. 2x8xH100-80GB</source>
        <translation>%(part)r: несколько узлов — только с одним видом GPU, например 2x8xH100-80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="893"/>
        <source>%(part)r is not a device description like 8xH100-80GB</source>
        <translation>%(part)r — не описание устройств вида 8xH100-80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="894"/>
        <source>unknown accelerator %(name)r; did you mean %(close)s? (or describe it: 8x{mem=96GiB,bf16=989,link=nvlink}, or add it to %(table)s)</source>
        <translation>неизвестный ускоритель %(name)r; может быть, %(close)s? (или опишите его: 8x{mem=96GiB,bf16=989,link=nvlink}, или добавьте в %(table)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="895"/>
        <source>%(key)s: %(dtype)s TFLOP/s must be positive</source>
        <translation>%(key)s: TFLOP/s в %(dtype)s должны быть положительными</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="896"/>
        <source>%(key)s: mem_bw=%(value)r is not a number of GB/s</source>
        <translation>%(key)s: mem_bw=%(value)r — не число ГБ/с</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="897"/>
        <source>%(key)s: %(dtype)s=%(value)r is not a number of TFLOP/s</source>
        <translation>%(key)s: %(dtype)s=%(value)r — не число TFLOP/s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="924"/>
        <source>%(path)s: no such run folder</source>
        <translation>%(path)s: нет такой папки прогона</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="925"/>
        <source>%(path)s: neither result.json nor events.jsonl is here; is this a run folder?</source>
        <translation>%(path)s: здесь нет ни result.json, ни events.jsonl; это папка прогона?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="926"/>
        <source>--format: %(format)r is not one of %(known)s</source>
        <translation>--format: %(format)r — не один из %(known)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="927"/>
        <source>%(path)s: unexpected content, the report cannot be made (%(said)s)</source>
        <translation>%(path)s: неожиданное содержимое, отчёт не составить (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="928"/>
        <source>the PDF is drawn with PySide6 (Qt), which cannot be imported here (%(said)s); use --format html (print it to PDF from a browser) or install PySide6-Essentials</source>
        <translation>PDF рисуется с помощью PySide6 (Qt), а его здесь не удаётся импортировать (%(said)s); используйте --format html (и напечатайте в PDF из браузера) или установите PySide6-Essentials</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="929"/>
        <source>--option must be between 1 and %(count)s, got %(value)s</source>
        <translation>--option должно быть от 1 до %(count)s, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="930"/>
        <source>unknown language %(lang)r; one of %(known)s</source>
        <translation>неизвестный язык %(lang)r; один из %(known)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="931"/>
        <source>%(path)s: not a trainsizer result</source>
        <translation>%(path)s: это не результат trainsizer</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="932"/>
        <source>%(path)s: schema is %(schema)r, newer than this trainsizer reads (%(readable)s); update trainsizer to read it</source>
        <translation>%(path)s: схема %(schema)r новее, чем читает этот trainsizer (%(readable)s); обновите trainsizer, чтобы прочитать её</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="933"/>
        <source>%(path)s: cannot be read (%(said)s)</source>
        <translation>%(path)s: не удаётся прочитать (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="934"/>
        <source>--break-resume: the customer&apos;s command is resumed as it is, never broken</source>
        <translation>--break-resume: команда заказчика продолжается как есть и никогда не портится</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="935"/>
        <source>%(host)s: the probe failed there (exit %(code)s)</source>
        <translation>%(host)s: проба там завершилась с ошибкой (код выхода %(code)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="936"/>
        <source>%(host)s: the probe wrote no result</source>
        <translation>%(host)s: проба не записала результат</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="937"/>
        <source>the probe job %(job)s wrote no probe (Slurm: %(state)s); its folder is kept: %(folder)s</source>
        <translation>задание пробы %(job)s не записало пробу (Slurm: %(state)s); его папка сохранена: %(folder)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="938"/>
        <source>the probe job %(job)s wrote no probe (Slurm: %(state)s): %(said)s; its folder is kept: %(folder)s</source>
        <translation>задание пробы %(job)s не записало пробу (Slurm: %(state)s): %(said)s; его папка сохранена: %(folder)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="939"/>
        <source>create the virtual environment %(venv)s with %(python)s -m venv --system-site-packages (so that the server&apos;s own torch, if it has one, is used)</source>
        <translation>создать виртуальное окружение %(venv)s командой %(python)s -m venv --system-site-packages (чтобы использовался собственный torch сервера, если он есть)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="940"/>
        <source>copy %(wheel)s (%(kib)s KiB) to %(venv)s/</source>
        <translation>скопировать %(wheel)s (%(kib)s КиБ) в %(venv)s/</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="941"/>
        <source>install it with %(venv)s/bin/pip: its dependencies are resolved on the server from its package index; torch: the server&apos;s own, else from that index</source>
        <translation>установить его через %(venv)s/bin/pip: зависимости разрешаются на сервере из его индекса пакетов; torch — собственный torch сервера, иначе из того же индекса</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="942"/>
        <source>install it with %(venv)s/bin/pip: its dependencies are resolved on the server from its package index; torch as you asked: %(torch)s</source>
        <translation>установить его через %(venv)s/bin/pip: зависимости разрешаются на сервере из его индекса пакетов; torch — как вы указали: %(torch)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="943"/>
        <source>%(host)s: ssh failed (%(said)s)</source>
        <translation>%(host)s: ошибка ssh (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="944"/>
        <source>%(host)s: the server&apos;s host key differs from the one in known_hosts — refusing to connect. If the server was reinstalled, check its new fingerprint with its administrator, then remove the old key: ssh-keygen -R %(server)s</source>
        <translation>%(host)s: ключ сервера отличается от записанного в known_hosts — подключение отклонено. Если сервер переустановили, сверьте новый отпечаток с его администратором, затем удалите старый ключ: ssh-keygen -R %(server)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="945"/>
        <source>%(host)s: the server&apos;s host key is not known here, and trainsizer does not accept one unseen. Check its fingerprint and accept it once by logging in yourself: %(login)s</source>
        <translation>%(host)s: ключ сервера здесь неизвестен, а непроверенный ключ trainsizer не принимает. Сверьте отпечаток и примите ключ один раз, войдя сами: %(login)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="946"/>
        <source>%(host)s: the login was refused (%(said)s). trainsizer logs in with your keys or agent only (no password prompts); install a key once: %(copy)s</source>
        <translation>%(host)s: вход отклонён (%(said)s). trainsizer входит только по вашим ключам или через агент (без запроса пароля); установите ключ один раз: %(copy)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="947"/>
        <source>%(host)s: no such host (%(said)s)</source>
        <translation>%(host)s: нет такого хоста (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="948"/>
        <source>%(host)s: cannot connect (%(said)s)</source>
        <translation>%(host)s: не удаётся подключиться (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="949"/>
        <source>%(host)s: cannot write %(path)s (%(said)s)</source>
        <translation>%(host)s: не удаётся записать %(path)s (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="950"/>
        <source>%(host)s: cannot make a scratch folder (%(said)s)</source>
        <translation>%(host)s: не удаётся создать временную папку (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="951"/>
        <source>%(host)s: %(said)s</source>
        <translation>%(host)s: %(said)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="952"/>
        <source>this trainsizer was installed from a wheel: pass that wheel with --wheel FILE</source>
        <translation>этот trainsizer установлен из wheel: передайте этот wheel через --wheel FILE</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="953"/>
        <source>building the wheel failed: %(said)s</source>
        <translation>сборка wheel не удалась: %(said)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="954"/>
        <source>%(host)s: no python3 on the server to make a virtual environment</source>
        <translation>%(host)s: на сервере нет python3, чтобы создать виртуальное окружение</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="955"/>
        <source>%(host)s: making the venv failed: %(said)s</source>
        <translation>%(host)s: создать venv не удалось: %(said)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="956"/>
        <source>%(host)s: pip install failed (exit %(code)s); see above</source>
        <translation>%(host)s: pip install завершился с ошибкой (код выхода %(code)s); см. выше</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="957"/>
        <source>%(host)s: the new venv cannot import trainsizer</source>
        <translation>%(host)s: новое venv не может импортировать trainsizer</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="958"/>
        <source>%(text)r is not a host like user@server, user@server:2222 or an ssh alias</source>
        <translation>%(text)r — не хост вида `user@server`, `user@server:2222` и не псевдоним SSH</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="959"/>
        <source>port %(port)s is out of range 1-65535</source>
        <translation>порт %(port)s вне диапазона 1–65535</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="960"/>
        <source>the OpenSSH client (ssh) is not installed here</source>
        <translation>клиент OpenSSH (ssh) здесь не установлен</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="961"/>
        <source>%(host)s: no python3 found on the server</source>
        <translation>%(host)s: на сервере не найден python3</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="962"/>
        <source>%(host)s: trainsizer is not installed for %(python)s on the server; `%(setup)s` shows what it would install, and where, before doing it</source>
        <translation>%(host)s: trainsizer не установлен для %(python)s на сервере; `%(setup)s` покажет, что и куда он установит, прежде чем делать это</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="963"/>
        <source>%(host)s: the server has trainsizer %(there)s (event protocol %(there_protocol)s), this one is %(here)s (protocol %(here_protocol)s); `%(setup)s` installs %(here)s there</source>
        <translation>%(host)s: на сервере trainsizer %(there)s (протокол событий %(there_protocol)s), здесь %(here)s (протокол %(here_protocol)s); `%(setup)s` установит туда %(here)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="964"/>
        <source>%(host)s: cannot read its devices (%(said)s)</source>
        <translation>%(host)s: не удаётся прочитать его устройства (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="965"/>
        <source>%(path)s: a dataset folder cannot be sent to the server yet; give a file</source>
        <translation>%(path)s: папку набора данных пока нельзя отправить на сервер; укажите файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="966"/>
        <source>%(path)s: not a wheel file</source>
        <translation>%(path)s: это не файл wheel</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="967"/>
        <source>%(path)s: exists and is not a folder; choose another --out</source>
        <translation>%(path)s: существует и не является папкой; выберите другой --out</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="968"/>
        <source>%(path)s: another trainsizer run (pid %(pid)s) is writing into this folder; wait for it, cancel it, or choose another --out</source>
        <translation>%(path)s: в эту папку пишет другой прогон trainsizer (pid %(pid)s); дождитесь его, отмените его или выберите другой --out</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="969"/>
        <source>%(path)s: already holds a run (%(files)s); choose another --out, or pass --force to replace that run</source>
        <translation>%(path)s: уже содержит прогон (%(files)s); выберите другой --out или передайте --force, чтобы заменить тот прогон</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="970"/>
        <source>%(path)s: cannot be created (%(said)s)</source>
        <translation>%(path)s: не удаётся создать (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="971"/>
        <source>%(command)s is not on PATH: run this on a login node of the cluster</source>
        <translation>%(command)s нет в PATH: запустите это на узле входа кластера</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="972"/>
        <source>sbatch: %(said)s</source>
        <translation>sbatch: %(said)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="973"/>
        <source>sinfo: %(said)s</source>
        <translation>sinfo: %(said)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="974"/>
        <source>sinfo lists no nodes in the cluster</source>
        <translation>sinfo не показывает ни одного узла в кластере</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="975"/>
        <source>%(host)s: %(command)s is not on PATH there: is it a login node of the cluster?</source>
        <translation>%(host)s: там нет %(command)s в PATH: это узел входа кластера?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="976"/>
        <source>%(host)s: cannot make the job folder (%(said)s)</source>
        <translation>%(host)s: не удаётся создать папку задания (%(said)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="977"/>
        <source>sinfo lists no nodes in partition %(partition)r</source>
        <translation>sinfo не показывает ни одного узла в разделе %(partition)r</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="978"/>
        <source>the nodes of partition %(partition)r have no GPUs in sinfo&apos;s Gres (%(gres)s); plan for another partition with --partition, or for a planned machine with --devices/--gpus</source>
        <translation>у узлов раздела %(partition)r нет GPU в Gres по sinfo (%(gres)s); планируйте для другого раздела через --partition или для планируемой машины через --devices/--gpus</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="979"/>
        <source>sinfo&apos;s Gres of partition %(partition)r (%(gres)s) names no GPU model trainsizer knows; name the class with --gpus, e.g. --gpus H100-80GB</source>
        <translation>Gres раздела %(partition)r по sinfo (%(gres)s) не называет ни одной модели GPU, известной trainsizer; укажите класс через --gpus, например --gpus H100-80GB</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="980"/>
        <source>%(option)s: a worker memory limit and --break-resume apply to runs on this machine only</source>
        <translation>%(option)s: предел памяти исполнителя и --break-resume применимы только к прогонам на этой машине</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="981"/>
        <source>[cluster] nodes = %(nodes)s: a job on several nodes runs through Slurm; add --slurm (or set nodes = 1)</source>
        <translation>[cluster] nodes = %(nodes)s: задание на нескольких узлах выполняется через Slurm; добавьте --slurm (или задайте nodes = 1)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="982"/>
        <source>parallel.hosts: the full check across several nodes is not built yet; `trainsizer measure` runs the spec there</source>
        <translation>parallel.hosts: полная проверка на нескольких узлах ещё не сделана; `trainsizer measure` выполнит там спецификацию</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="983"/>
        <source>--slurm: the scheduler picks the nodes; leave out parallel.hosts</source>
        <translation>--slurm: узлы выбирает планировщик; уберите parallel.hosts</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="984"/>
        <source>[cluster] container: several ranks in a container are not built yet (their srun steps would start outside it); leave out the container or run one rank</source>
        <translation>[cluster] container: несколько рангов в контейнере ещё не сделаны (их шаги srun запустились бы вне его); уберите контейнер или запустите один ранг</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="985"/>
        <source>parallel.hosts names the nodes: leave out --host</source>
        <translation>узлы названы в parallel.hosts: уберите --host</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="986"/>
        <source>--break-resume: measure has no resume check; use check</source>
        <translation>--break-resume: у measure нет проверки продолжения; используйте check</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1016"/>
        <source>%(p)s: exists and is not a folder; checkpoints need a folder (it is created when missing)</source>
        <translation>%(p)s: существует и не является папкой; контрольным точкам нужна папка (её создают, если её нет)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1019"/>
        <source>%(name)s is not present (this target has %(have)s)</source>
        <translation>%(name)s нет (у этой цели есть %(have)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1020"/>
        <source>%(name)s is not present (this target has no CUDA device)</source>
        <translation>%(name)s нет (у этой цели нет устройств CUDA)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1021"/>
        <source>%(p)s: is a folder; data.format %(format)s needs a file (a saved dataset folder needs format auto or hf-disk)</source>
        <translation>%(p)s: это папка; data.format %(format)s нужен файл (для папки сохранённого датасета нужен формат auto или hf-disk)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1022"/>
        <source>%(path)s: not readable (permission denied)</source>
        <translation>%(path)s: нет доступа на чтение (отказано в доступе)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1024"/>
        <source>%(p)s: is a folder but not a dataset saved with save_to_disk; give a text, JSONL or CSV file</source>
        <translation>%(p)s: это папка, но не датасет, сохранённый через save_to_disk; укажите текстовый файл, JSONL или CSV</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1025"/>
        <source>hf-disk needs a dataset folder; %(p)s is a file</source>
        <translation>hf-disk нужна папка датасета; %(p)s — файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1026"/>
        <source>and %(rest)s more problems</source>
        <translation>и ещё проблем: %(rest)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1027"/>
        <source>must be true or false, got %(value)s</source>
        <translation>должно быть true или false, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1028"/>
        <source>must be an integer, got %(value)s</source>
        <translation>должно быть целым числом, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1029"/>
        <source>must be a number, got %(value)s</source>
        <translation>должно быть числом, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1030"/>
        <source>must be a string, got %(value)s</source>
        <translation>должно быть строкой, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1031"/>
        <source>must be a list of strings, got %(value)s</source>
        <translation>должно быть списком строк, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1032"/>
        <source>must be %(kind)s, got %(value)s</source>
        <translation>должно быть %(kind)s, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1033"/>
        <source>must be true or false, got nothing</source>
        <translation>должно быть true или false, значение не задано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1034"/>
        <source>must be an integer, got nothing</source>
        <translation>должно быть целым числом, значение не задано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1035"/>
        <source>must be a number, got nothing</source>
        <translation>должно быть числом, значение не задано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1036"/>
        <source>must be a string, got nothing</source>
        <translation>должно быть строкой, значение не задано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1037"/>
        <source>must be a list of strings, got nothing</source>
        <translation>должно быть списком строк, значение не задано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1038"/>
        <source>must be %(kind)s, got nothing</source>
        <translation>должно быть %(kind)s, значение не задано</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1039"/>
        <source>invalid value %(value)s; one of %(choices)s</source>
        <translation>недопустимое значение %(value)s; допустимы: %(choices)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1040"/>
        <source>must be at least %(lo)s, got %(value)s</source>
        <translation>должно быть не меньше %(lo)s, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1041"/>
        <source>must be at most %(hi)s, got %(value)s</source>
        <translation>должно быть не больше %(hi)s, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1042"/>
        <source>invalid value %(value)s; did you mean %(close)s?</source>
        <translation>недопустимое значение %(value)s; может быть, %(close)s?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1043"/>
        <source>must be a finite number, got %(value)s</source>
        <translation>должно быть конечным числом, получено %(value)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1044"/>
        <source>%(path)s: is a FIFO (named pipe), not a regular file</source>
        <translation>%(path)s: это FIFO (именованный канал), а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1045"/>
        <source>%(path)s: is a character device, not a regular file</source>
        <translation>%(path)s: это символьное устройство, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1046"/>
        <source>%(path)s: is a block device, not a regular file</source>
        <translation>%(path)s: это блочное устройство, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1047"/>
        <source>%(path)s: is a socket, not a regular file</source>
        <translation>%(path)s: это сокет, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1048"/>
        <source>%(path)s: is a directory, not a regular file</source>
        <translation>%(path)s: это папка, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1049"/>
        <source>%(path)s: is not a regular file</source>
        <translation>%(path)s: это не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1056"/>
        <source>%(path)s: %(size)s MiB is too large (at most %(limit)s MiB)</source>
        <translation>%(path)s: %(size)s МиБ — слишком большой (не больше %(limit)s МиБ)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1058"/>
        <source>%(path)s: too large (at most %(limit)s MiB)</source>
        <translation>%(path)s: слишком большой (не больше %(limit)s МиБ)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1060"/>
        <source>%(path)s: no such file</source>
        <translation>%(path)s: нет такого файла</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1062"/>
        <source>%(path)s: no such file (a parent is not a folder)</source>
        <translation>%(path)s: нет такого файла (одна из родительских — не папка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1064"/>
        <source>%(path)s: cannot be read (%(why)s)</source>
        <translation>%(path)s: не удаётся прочитать (%(why)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1066"/>
        <source>%(path)s: is not UTF-8 text (byte %(byte)s, line %(line)s)</source>
        <translation>%(path)s: не текст в UTF-8 (байт %(byte)s, строка %(line)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1068"/>
        <source>must be a table of keys, got %(raw)s</source>
        <translation>должно быть таблицей ключей, получено %(raw)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1069"/>
        <source>unsupported schema version %(schema)s; this trainsizer reads %(schema_version)s</source>
        <translation>неподдерживаемая версия схемы %(schema)s; этот trainsizer читает %(schema_version)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1070"/>
        <source>unknown key; did you mean %(close)s?</source>
        <translation>неизвестный ключ; может быть, %(close)s?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1071"/>
        <source>unknown key</source>
        <translation>неизвестный ключ</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1072"/>
        <source>must be a table of sections, got %(type)s</source>
        <translation>должно быть таблицей разделов, получено %(type)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1073"/>
        <source>unknown section; did you mean %(close)s?</source>
        <translation>неизвестный раздел; может быть, %(close)s?</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1074"/>
        <source>unknown section</source>
        <translation>неизвестный раздел</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1075"/>
        <source>nested too deeply to be a specification</source>
        <translation>слишком глубокая вложенность для спецификации</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1076"/>
        <source>not valid %(kind)s: %(detail)s</source>
        <translation>некорректный %(kind)s: %(detail)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1077"/>
        <source>only one model source may be set, got %(names)s</source>
        <translation>источник модели может быть только один, заданы %(names)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1078"/>
        <source>needs at least one target module, got []</source>
        <translation>нужен хотя бы один целевой модуль, получено []</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1079"/>
        <source>invalid value %(devices)s; expected cpu, auto, cuda:0 or cuda:0,1,...</source>
        <translation>недопустимое значение %(devices)s; ожидается cpu, auto, cuda:0 или cuda:0,1,...</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1080"/>
        <source>%(bad)s is not user@server[:port] or an alias</source>
        <translation>%(bad)s — не user@server[:port] и не псевдоним</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1081"/>
        <source>lists a host twice</source>
        <translation>хост указан дважды</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1082"/>
        <source>several nodes need at least two hosts</source>
        <translation>нескольким узлам нужно хотя бы два хоста</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1083"/>
        <source>hosts need ddp or fsdp, got %(strategy)s</source>
        <translation>хостам нужна стратегия ddp или fsdp, задано %(strategy)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1084"/>
        <source>with hosts, ranks_per_host sets the ranks per node</source>
        <translation>с hosts число рангов на узел задаёт ranks_per_host</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1085"/>
        <source>%(rendezvous)s is not address:port</source>
        <translation>%(rendezvous)s — не адрес:порт</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1086"/>
        <source>source = &quot;path&quot; needs a path</source>
        <translation>source = &quot;path&quot; нужен путь</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1087"/>
        <source>path is set but source is %(source)s</source>
        <translation>путь задан, но source = %(source)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1088"/>
        <source>a relative improvement must be in [0, 1), got %(threshold)s</source>
        <translation>относительное улучшение должно быть в [0, 1), получено %(threshold)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1089"/>
        <source>engine command needs the command to run</source>
        <translation>движку command нужна команда для запуска</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1090"/>
        <source>stop_args is given: resume_args is needed</source>
        <translation>задан stop_args: нужен и resume_args</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1091"/>
        <source>give tokens or examples, not both</source>
        <translation>укажите токены или примеры, но не то и другое</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1092"/>
        <source>examples need their mean tokens</source>
        <translation>для примеров нужно среднее число токенов</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1093"/>
        <source>%(time_limit)s is not like 30:00 or 2:00:00</source>
        <translation>%(time_limit)s — не в виде 30:00 или 2:00:00</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1094"/>
        <source>lists a device twice: %(devices)s</source>
        <translation>устройство указано дважды: %(devices)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1095"/>
        <source>parameters are offloaded by ZeRO stage 3 only, got zero_stage = %(zero_stage)s</source>
        <translation>параметры выгружает только ZeRO стадии 3, задано zero_stage = %(zero_stage)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1096"/>
        <source>applies with hosts only</source>
        <translation>применимо только с hosts</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1097"/>
        <source>%(item)s is not KEY=VALUE</source>
        <translation>%(item)s — не KEY=VALUE</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1098"/>
        <source>%(f)s is given: the resume check needs %(other)s too</source>
        <translation>задан %(f)s: проверке продолжения нужен и %(other)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1099"/>
        <source>stop_args need {k} (the step to stop at)</source>
        <translation>в stop_args нужен {k} (шаг, на котором остановиться)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1100"/>
        <source>resume_args need {checkpoint}</source>
        <translation>в resume_args нужен {checkpoint}</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1101"/>
        <source>the command&apos;s resume check compares losses: the pattern needs (?P&lt;loss&gt;...)</source>
        <translation>проверка продолжения для команды сравнивает потери: шаблону нужна группа (?P&lt;loss&gt;...)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1102"/>
        <source>%(value)s is not a Slurm name</source>
        <translation>%(value)s — не имя Slurm</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1103"/>
        <source>%(line)s is not one sbatch option</source>
        <translation>%(line)s — не одна опция sbatch</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1104"/>
        <source>applies to strategy = zero only</source>
        <translation>применимо только при strategy = zero</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1105"/>
        <source>applies to engine = command only</source>
        <translation>применимо только при engine = command</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1106"/>
        <source>needs a named group (?P&lt;value&gt;...)</source>
        <translation>нужна именованная группа (?P&lt;value&gt;...)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1107"/>
        <source>not a regular expression: %(e)s</source>
        <translation>не регулярное выражение: %(e)s</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1108"/>
        <source>needs a named group (?P&lt;step&gt;...)</source>
        <translation>нужна именованная группа (?P&lt;step&gt;...)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1023"/>
        <source>not readable (permission denied)</source>
        <translation>нет доступа на чтение (отказано в доступе)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1050"/>
        <source>is a FIFO (named pipe), not a regular file</source>
        <translation>это FIFO (именованный канал), а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1051"/>
        <source>is a character device, not a regular file</source>
        <translation>это символьное устройство, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1052"/>
        <source>is a block device, not a regular file</source>
        <translation>это блочное устройство, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1053"/>
        <source>is a socket, not a regular file</source>
        <translation>это сокет, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1054"/>
        <source>is a directory, not a regular file</source>
        <translation>это папка, а не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1055"/>
        <source>is not a regular file</source>
        <translation>это не обычный файл</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1057"/>
        <source>%(size)s MiB is too large (at most %(limit)s MiB)</source>
        <translation>%(size)s МиБ — слишком большой (не больше %(limit)s МиБ)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1059"/>
        <source>too large (at most %(limit)s MiB)</source>
        <translation>слишком большой (не больше %(limit)s МиБ)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1061"/>
        <source>no such file</source>
        <translation>нет такого файла</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1063"/>
        <source>no such file (a parent is not a folder)</source>
        <translation>нет такого файла (одна из родительских — не папка)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1065"/>
        <source>cannot be read (%(why)s)</source>
        <translation>не удаётся прочитать (%(why)s)</translation>
    </message>
    <message>
        <location filename="../../trainsizer/gui/catalog_text.py" line="1067"/>
        <source>is not UTF-8 text (byte %(byte)s, line %(line)s)</source>
        <translation>не текст в UTF-8 (байт %(byte)s, строка %(line)s)</translation>
    </message>
</context>
<context>
    <name>StackedBar</name>
    <message>
        <location filename="../../trainsizer/gui/bars.py" line="55"/>
        <source>capacity unknown</source>
        <translation>объём неизвестен</translation>
    </message>
</context>
</TS>
